/**
 * Listening and evaluation (听评课; community.md §3 Listen-evaluate record, §4, §7 Listen-evaluate; issue #9;
 * docs/api/listen.md). Indicators and listen targets are in indicator.ts, discussion in discuss.ts.
 * c291 aiListenCommentInfo is #10's.
 */
export const LISTEN_CALLS = {
  /** c264: public list */ listenList: "/v2/listen_evaluate/list",
  /** c265 */ listenRead: "/v2/listen_evaluate/read",
  /** c266: create a record */ listenSave: "/v2/listen_evaluate/save",
  /** c267 */ listenUpdate: "/v2/listen_evaluate/update",
  /** c268: an evaluator saves (or submits) his evaluation: scores per indicator item and a comment */ listenRecordSave: "/v2/listen_evaluate/recordSave",
  /** c269 */ listenRecordUpdate: "/v2/listen_evaluate/recordUpdate",
  /** c270 */ listenDelete: "/v2/listen_evaluate/delete",
  /** c271: the caller's records (organised, teaching or evaluating) */ listenUserRecordList: "/v2/listen_evaluate/userRecordList",
  /** c272: attach an evaluation file */ listenEvaluateFile: "/v2/listen_evaluate/evaluateFile",
  /** c273 */ listenEvaluateFileList: "/v2/listen_evaluate/evaluateFileList",
  /** c274: the listen targets offered for a record's TPK tags */ listenTargetOptions: "/v2/listen_evaluate/listenTarget",
  /** c275 */ listenRecommendSource: "/v2/listen_evaluate/recommendSource",
  /** c276 */ listenDeleteEvaluateFile: "/v2/listen_evaluate/deleteEvaluateFile",
  /** c277 */ listenAddEvaluateVoice: "/v2/listen_evaluate/addEvaluateVoice",
  /** c278 (capital E as in the source) */ listenEvaluateVoiceList: "/v2/listen_evaluate/EvaluateVoiceList",
  /** c279 */ listenDeleteEvaluateVoice: "/v2/listen_evaluate/deleteEvaluateVoice",
  /** c280: post a discussion message on a record (time-stamped when watching) */ listenClassroomDiscussion: "/v2/listen_evaluate/classroomDiscussion",
  /** c281 */ listenEvaluateStatistics: "/v2/listen_evaluate/listenEvaluateStatistics",
  /** c282 */ listenIsDisplay: "/v2/listen_evaluate/isDisplay",
  /** c283 */ listenIsRecommend: "/v2/listen_evaluate/isRecommend",
  /** c284 */ listenRecordVerify: "/v2/listen_evaluate/recordVerify",
  /** c285: delete one of the record's own files */ listenDeleteRecordFile: "/v2/listen_evaluate/deleteRecordFile",
  /** c286: a community's listening summary for the public site */ listenWebCommunityInfo: "/v2/listen_evaluate_index/webCommunityInfo",
  /** c287: a community's records for the public site */ listenWebListenList: "/v2/listen_evaluate_index/webListenList",
  /** c288: a record's discussion */ listenClassroomDiscussionList: "/v2/listen_evaluate_index/classroomDiscussionList",
  /** c289: the aggregate score of the teacher of a record, with the spread between evaluators */ listenCourseTeacherScore: "/v2/listen_evaluate_index/courseTeacherScore",
  /** c290: recent activity of a record (evaluations, messages, files) */ listenDynamic: "/v2/listen_evaluate_index/dynamic",
  /** c292: the evaluation scores of a record, per evaluator and per indicator */ listenGetEvaluationScore: "/v2/listen_evaluate_index/getEvaluationScore",
  /** c293: delete a discussion message of a record */ listenDelEvaluateMsg: "/v2/listen_evaluate_index/delEvaluateMsg",
} as const;

/** The caller's power over a record (ListenDetail.power; docs/decisions/0900-listen-access.md). */
export interface ListenPowerAnswer {
  record_id: number;
  is_organiser: boolean;
  is_teacher: boolean;
  /** The organiser, the teacher or a participant. */
  is_member: boolean;
  /** Manages its community (or its school / region when in no community). */
  is_manager: boolean;
  can_view: boolean;
  /** Evaluators (role 3) and the organiser, never the teacher, while the record is in use. */
  can_evaluate: boolean;
  can_discuss: boolean;
  can_manage: boolean;
  can_verify: boolean;
  can_recommend: boolean;
}
