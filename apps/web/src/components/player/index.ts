export { LivePlayer, type LivePlayerProps } from "./LivePlayer";
export { guessStreamKind, type StreamKind } from "./stream-kind";
