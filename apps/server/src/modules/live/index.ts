export { HlsPackager, PLAYLIST_NAME, SEGMENT_NAME } from "./hls.js";
export { LiveIngest, type LiveIngestOptions, RTMP_APP } from "./live.ingest.js";
export { type LiveRouteDeps, liveRoutes } from "./live.routes.js";
export { CAMERAS, type Camera, type LiveLog, type LiveSource, type LiveStreamInfo, type StreamAuthority, silentLog } from "./live.types.js";
export { createPlaybackSigner, type PlaybackSigner } from "./playback-signer.js";
export { ExternalLive, type ExternalLiveOptions } from "./external.js";
