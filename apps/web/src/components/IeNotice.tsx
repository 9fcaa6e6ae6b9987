import { Alert } from "antd";

export function isInternetExplorer(ua: string): boolean {
  return /MSIE |Trident\//.test(ua);
}

/** §2: Internet Explorer users see a notice recommending Chrome, Firefox or Edge. */
export function IeNotice() {
  if (typeof navigator === "undefined" || !isInternetExplorer(navigator.userAgent)) return null;
  return (
    <Alert
      data-testid="ie-notice"
      banner
      type="warning"
      title="您正在使用 Internet Explorer 浏览器，部分功能可能无法正常使用。建议使用 Chrome、Firefox 或 Edge 浏览器访问本平台。"
    />
  );
}
