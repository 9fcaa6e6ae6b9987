/**
 * Co-edited lesson plans (教案; issue #8; docs/api/lessonplan.md; docs/notes/0800): Yjs documents served by
 * Hocuspocus at /ws/collab (document name `lesson:<id>`), with named versions, compare, restore, .docx import and
 * .docx / PDF export. They replace the seeds' WPS office service, so the calls keep the wps names.
 */
export const LESSONPLAN_CALLS = {
  /** c241: import a .docx (a stored upload) as a new plan or over an existing one */ upWpsFile: "/v2/preparation/upWpsFile",
  /** c242: one plan, or one version, as html */ wpsDetailFile: "/v2/preparation/wpsDetailFile",
  /** c243: delete a plan or a version */ delWpsFile: "/v2/preparation/delWpsFile",
  /** c244: save a named version */ versionSaving: "/v2/preparation/versionSaving",
  /** c246: the plans of a preparation */ wpsFileList: "/v2/preparation/wpsFileList",
  /** c261: create a plan in a preparation (blank) */ wpsFilePreparation: "/v2/preparation/wpsFilePreparation",
  /** c262: the versions of a plan */ wpsFileVersion: "/v2/preparation/wpsFileVersion",
  /** new: compare two versions (or a version with the current text) */ lessonPlanCompare: "/v2/preparation/wpsFileCompare",
  /** new: restore a version (a forward change every editor sees) */ lessonPlanRestore: "/v2/preparation/wpsFileRestore",
  /** new: export as .docx or PDF (answers a signed download) */ lessonPlanExport: "/v2/preparation/wpsFileExport",
} as const;

/** The WebSocket path of the co-editing server (Hocuspocus); the document name is `lesson:<id>`. */
export const COLLAB_WS_PATH = "/ws/collab";
export const lessonDocName = (id: number): string => `lesson:${id}`;
