/**
 * The audio recorder of platform.md §4/§9: record, pause, resume, stop; MP3 encoded in the browser (lamejs) at
 * 128 kbps and 44100 Hz by default (8–320 kbps and 8000–48000 Hz accepted), buffer 4096, initial volume 0.8;
 * an attempts limit blocks new recording once that many records exist; a time limit in minutes stops the
 * recording when reached; on touch, a long press of 500 ms starts and the release stops. Stopping makes the §3
 * record {id: timestamp, blob, url, duration 'mm:ss'} and uploads it at once (multipart field `audio`, file name
 * 'record.mp3' by default) under a spinner, then calls onSuccess or onFail. A microphone failure goes to
 * onMicError with no message (§8).
 */
import { AudioOutlined, PauseOutlined, CaretRightOutlined, BorderOutlined } from "@ant-design/icons";
import { AUDIO_RECORDER, CALLS, type FileRecord } from "@yanke/protocol";
import { Button, Space, Spin, Typography } from "antd";
import { useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { validateEncoderParams, mp3FileName, type RecordingObject } from "./audio-encoding";
import { MSG, recordLimitMessage } from "./messages";
import { Mp3Recorder, type RecorderState } from "./mp3-recorder";
import { postMultipart } from "./multipart";
import { sessionToken } from "./session";
import { formatDuration } from "./upload-rules";

export interface AudioRecorderProps {
  /** kbps, 8–320 (default 128). */
  bitRate?: number;
  /** Hz, 8000–48000 (default 44100). */
  sampleRate?: number;
  /** File name without extension (default 'record' → record.mp3). */
  name?: string;
  /** Initial gain (default 0.8). */
  volume?: number;
  /** How many records may be made (default no limit). */
  attempts?: number;
  /** Minutes after which the recording stops by itself (default none). */
  timeLimit?: number;
  /** Where the MP3 goes (default CALLS.fileAudioUpload); false: no upload. */
  uploadUrl?: string | false;
  /** Show the records with players under the buttons (default true). */
  showList?: boolean;
  disabled?: boolean;
  /** A record was made (before its upload). */
  onRecord?: (record: RecordingObject) => void;
  onSuccess?: (answer: FileRecord, record: RecordingObject) => void;
  onFail?: (error: unknown, record: RecordingObject) => void;
  onMicError?: (error: unknown) => void;
  /** The state changed (idle, recording, paused, stopped). */
  onStateChange?: (state: RecorderState) => void;
  style?: CSSProperties;
}

export function AudioRecorder({
  bitRate,
  sampleRate,
  name = AUDIO_RECORDER.fileName,
  volume = AUDIO_RECORDER.initialVolume,
  attempts,
  timeLimit,
  uploadUrl = CALLS.fileAudioUpload,
  showList = true,
  disabled = false,
  onRecord,
  onSuccess,
  onFail,
  onMicError,
  onStateChange,
  style,
}: AudioRecorderProps) {
  const params = useMemo(() => {
    const p = validateEncoderParams({ bitRate, sampleRate });
    if (p.problems.length > 0) console.warn("[AudioRecorder]", p.problems.join("；"));
    return { bitRate: p.bitRate, sampleRate: p.sampleRate };
  }, [bitRate, sampleRate]);

  const [state, setStateRaw] = useState<RecorderState>("idle");
  const [seconds, setSeconds] = useState(0);
  const [records, setRecords] = useState<RecordingObject[]>([]);
  const [uploading, setUploading] = useState(false);
  const recorder = useRef<Mp3Recorder | null>(null);
  const starting = useRef(false);
  const urls = useRef<string[]>([]);
  const longPress = useRef<{ timer: ReturnType<typeof setTimeout> | null; started: boolean; lastTouch: number }>({ timer: null, started: false, lastTouch: 0 });
  const stopRef = useRef<() => void>(() => {});

  const setState = (s: RecorderState) => {
    setStateRaw(s);
    onStateChange?.(s);
  };

  useEffect(
    () => () => {
      recorder.current?.release();
      if (longPress.current.timer) clearTimeout(longPress.current.timer);
      urls.current.forEach((u) => {
        URL.revokeObjectURL(u);
      });
    },
    [],
  );

  const limitReached = attempts !== undefined && attempts > 0 && records.length >= attempts;
  const limitSeconds = timeLimit && timeLimit > 0 ? timeLimit * 60 : Infinity;

  const start = async () => {
    if (disabled || limitReached || uploading || starting.current || recorder.current) return;
    starting.current = true;
    const r = new Mp3Recorder({
      ...params,
      volume,
      onTick: (s) => {
        setSeconds(s);
        if (s >= limitSeconds) stopRef.current();
      },
    });
    try {
      await r.start();
      recorder.current = r;
      setSeconds(0);
      setState("recording");
    } catch (e) {
      r.release();
      onMicError?.(e);
    } finally {
      starting.current = false;
    }
  };

  const upload = async (rec: RecordingObject) => {
    if (uploadUrl === false) return;
    setUploading(true);
    try {
      const fileName = mp3FileName(name);
      const answer = await postMultipart<FileRecord>(uploadUrl, { name: fileName, audio: { blob: rec.blob, filename: fileName } }, { token: sessionToken() });
      onSuccess?.(answer, rec);
    } catch (e) {
      onFail?.(e, rec);
    } finally {
      setUploading(false);
    }
  };

  const stop = () => {
    const r = recorder.current;
    if (!r) return;
    recorder.current = null;
    const out = r.stop();
    setState("stopped");
    if (!out) return;
    const url = URL.createObjectURL(out.blob);
    urls.current.push(url);
    const rec: RecordingObject = { id: Date.now(), blob: out.blob, url, duration: formatDuration(out.seconds) };
    setRecords((list) => [...list, rec]);
    onRecord?.(rec);
    void upload(rec);
  };
  stopRef.current = stop;

  const pause = () => {
    recorder.current?.pause();
    setState("paused");
  };
  const resume = () => {
    recorder.current?.resume();
    setState("recording");
  };

  // Touch: a 500 ms long press starts, the release stops; the click that follows a touch is ignored.
  const onTouchStart = () => {
    const lp = longPress.current;
    lp.lastTouch = Date.now();
    if (recorder.current || lp.timer) return;
    lp.started = false;
    lp.timer = setTimeout(() => {
      lp.timer = null;
      lp.started = true;
      void start();
    }, AUDIO_RECORDER.longPressMs);
  };
  const onTouchEnd = () => {
    const lp = longPress.current;
    lp.lastTouch = Date.now();
    if (lp.timer) {
      clearTimeout(lp.timer);
      lp.timer = null;
    }
    if (lp.started) {
      lp.started = false;
      // the start may still be waiting for the microphone: stop as soon as it is recording
      if (recorder.current) stop();
      else {
        const wait = setInterval(() => {
          if (recorder.current) {
            clearInterval(wait);
            stop();
          } else if (!starting.current) clearInterval(wait);
        }, 50);
      }
    }
  };
  const fromTouch = () => Date.now() - longPress.current.lastTouch < 800;

  const active = state === "recording" || state === "paused";

  return (
    <Spin spinning={uploading} description={MSG.recordUploading}>
      <div style={style} data-testid="audio-recorder" data-state={state}>
        <Space wrap align="center">
          {!active ? (
            <Button
              type="primary"
              icon={<AudioOutlined />}
              disabled={disabled || limitReached || uploading}
              onClick={() => {
                if (!fromTouch()) void start();
              }}
              onTouchStart={onTouchStart}
              onTouchEnd={onTouchEnd}
              onTouchCancel={onTouchEnd}
              onContextMenu={(e) => e.preventDefault()}
              style={{ touchAction: "none", userSelect: "none" }}
            >
              {MSG.recordStart}
            </Button>
          ) : null}
          {state === "recording" ? (
            <Button icon={<PauseOutlined />} onClick={pause}>
              {MSG.recordPause}
            </Button>
          ) : null}
          {state === "paused" ? (
            <Button icon={<CaretRightOutlined />} onClick={resume}>
              {MSG.recordResume}
            </Button>
          ) : null}
          {active ? (
            <Button danger icon={<BorderOutlined />} onClick={stop} onTouchEnd={onTouchEnd}>
              {MSG.recordStop}
            </Button>
          ) : null}
          {active ? (
            <Typography.Text type={state === "recording" ? "danger" : "secondary"} data-testid="audio-recorder-time">
              {state === "recording" ? "● " : "❚❚ "}
              {formatDuration(seconds)}
              {limitSeconds !== Infinity ? ` / ${formatDuration(limitSeconds)}` : ""}
            </Typography.Text>
          ) : null}
        </Space>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {limitReached ? recordLimitMessage(attempts!) : MSG.recordHoldHint}
          </Typography.Text>
        </div>
        {showList && records.length > 0 ? (
          <ul style={{ listStyle: "none", padding: 0, margin: "8px 0 0" }} data-testid="audio-records">
            {records.map((r, i) => (
              <li key={r.id} style={{ display: "flex", alignItems: "center", gap: 8, padding: "2px 0" }}>
                <Typography.Text type="secondary" style={{ width: 60 }}>
                  录音{i + 1}
                </Typography.Text>
                <audio src={r.url} controls preload="metadata" style={{ height: 32 }} />
                <Typography.Text>{r.duration}</Typography.Text>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Spin>
  );
}
