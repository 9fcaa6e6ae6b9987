/**
 * Software versions (软件版本; issue #12; docs/api/software.md). Owned by the software module: fill in the calls,
 * payloads and answers (/middle/software_version/*).
 */
export const SOFTWARE_CALLS = {} as const;
