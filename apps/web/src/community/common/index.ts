/** Shared pieces of the community edition's pages (#7). */
export { Avatar } from "./Avatar";
export { ActivityCard, type ActivityCardData } from "./ActivityCard";
export { CommunityCard, CommunityLogo, useOpenCommunity, type CommunityCardData } from "./CommunityCard";
export { ActivityPhaseTag, ActivityTypeTag, CommunityLevelTag, CommunityTypeTag, NoticeKindTag } from "./tags";
export { Empty, LoginHint, minutes, plainText, span, useLoggedIn } from "./util";
