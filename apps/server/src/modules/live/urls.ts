import { RTMP_APP } from "./live.ingest.js";

/**
 * The address a device publishes a camera to: rtmp://<publicHost or the host the device reached us by>:<port>/live/<key>
 * (the heartbeat answer's `rtmp` field). `requestHost` is the Host header of the device's request (its port is dropped).
 */
export function rtmpPublishUrl(opts: { publicHost: string; port: number; requestHost?: string }, key: string): string {
  const host = opts.publicHost || hostOnly(opts.requestHost) || "127.0.0.1";
  const h = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `rtmp://${h}:${opts.port}/${RTMP_APP}/${encodeURIComponent(key)}`;
}

function hostOnly(hostHeader: string | undefined): string {
  if (!hostHeader) return "";
  if (hostHeader.startsWith("[")) return hostHeader.slice(0, hostHeader.indexOf("]") + 1);
  return hostHeader.replace(/:\d+$/, "");
}
