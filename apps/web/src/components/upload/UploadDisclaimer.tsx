/**
 * The upload disclaimer of platform.md §5: the terms (no privacy, copyright or illegal content; the uploader is
 * legally responsible) must be ticked before uploading, else '请勾选免责说明！！！'.
 *
 *   const disclaimer = useDisclaimer();
 *   <UploadDisclaimer {...disclaimer.props} />
 *   if (!disclaimer.ensure()) return;   // shows 请勾选免责说明！！！
 */
import { Checkbox, Popover, Typography } from "antd";
import { useCallback, useState, type CSSProperties } from "react";
import { toast } from "../../api/toast";
import { MSG } from "./messages";

export interface UploadDisclaimerProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  style?: CSSProperties;
  /** Show the full terms under the checkbox instead of in a popover. */
  inline?: boolean;
}

export function UploadDisclaimer({ checked, onChange, disabled, style, inline = false }: UploadDisclaimerProps) {
  const terms = (
    <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 360, fontSize: 12 }}>
      {MSG.disclaimerTerms}
    </Typography.Paragraph>
  );
  return (
    <div style={style} data-testid="upload-disclaimer">
      <Checkbox checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)}>
        {inline ? (
          MSG.disclaimerLabel
        ) : (
          <Popover content={terms} title="上传免责说明">
            <span>{MSG.disclaimerLabel}</span>
          </Popover>
        )}
      </Checkbox>
      {inline ? <div style={{ marginTop: 4, marginLeft: 24 }}>{terms}</div> : null}
    </div>
  );
}

/** Shows '请勾选免责说明！！！' and answers false when the terms are not ticked. */
export function ensureDisclaimer(checked: boolean): boolean {
  if (!checked) toast.warning(MSG.disclaimer);
  return checked;
}

/** State for one disclaimer: `props` for <UploadDisclaimer>, `ensure()` before an upload. */
export function useDisclaimer(initial = false) {
  const [checked, setChecked] = useState(initial);
  const ensure = useCallback(() => ensureDisclaimer(checked), [checked]);
  return { checked, setChecked, ensure, props: { checked, onChange: setChecked } };
}
