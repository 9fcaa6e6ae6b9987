/**
 * Call paths of #4 that are not (yet) in CALLS (packages/protocol/src/calls.ts): the four modules'
 * ORG_CALLS, CLASS_CALLS, QUOTA_CALLS and PLATFORM_CALLS. The lead merges them into CALLS; each
 * screen reads them from here until then.
 */
import { CLASS_CALLS, ORG_CALLS, PLATFORM_CALLS, QUOTA_CALLS } from "./contracts";

export const P = { ...ORG_CALLS, ...CLASS_CALLS, ...QUOTA_CALLS, ...PLATFORM_CALLS } as const;
