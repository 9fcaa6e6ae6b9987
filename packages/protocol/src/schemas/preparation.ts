/**
 * Collective lesson preparation (集体备课; community.md §3 Preparation, §4, §7 Preparation; issue #8;
 * docs/api/preparation.md). The lesson-plan calls (upWpsFile … wpsFileVersion) are in lessonplan.ts, the AI
 * diagnosis in diagnosis.ts, the textbook catalogue in textbook.ts.
 */
export const PREPARATION_CALLS = {
  /** c233: public list (anonymous visitors see open, displayed, approved ones) */ preparationIndex: "/v2/preparation/index",
  /** c234: the caller's own and joined preparations */ userPreparationList: "/v2/preparation/userPreparationList",
  /** c235: create (the full form) */ preparationSave: "/v2/preparation/preparationSave",
  /** c236 */ preparationUpdate: "/v2/preparation/preparationUpdate",
  /** c237 */ preparationSaveLite: "/v2/preparation/save",
  /** c238 */ preparationUpdateLite: "/v2/preparation/update",
  /** c239 */ preparationDelete: "/v2/preparation/delete",
  /** c240 */ preparationDetail: "/v2/preparation/detail",
  /** c245: like toggle */ preparationLikeNums: "/v2/preparation/likeNums",
  /** c247 */ preparationStatistics: "/v2/preparation/preparationStatistics",
  /** c248: the caller's identity and communities (the create form's choices) */ preparationIdentityAndCommunityList: "/v2/preparation/identityAndCommunityList",
  /** c249 */ preparationRecommendSource: "/v2/preparation/recommendSource",
  /** c250 */ preparationDiscuss: "/v2/preparation/preparationDiscuss",
  /** c251 */ preparationDiscussList: "/v2/preparation/preparationDiscussList",
  /** c254 */ preparationVerify: "/v2/preparation/preparationVerify",
  /** c255 */ preparationIsDisplay: "/v2/preparation/isDisplay",
  /** c256 */ preparationIsRecommend: "/v2/preparation/isRecommend",
  /** c257 */ preparationFileSave: "/v2/preparation/fileSave",
  /** c258 */ preparationFileList: "/v2/preparation/fileList",
  /** c259 */ preparationFileDelete: "/v2/preparation/fileDelete",
  /** c260: a short list for pickers (meeting, listen record) */ selPreparation: "/v2/preparation/selPreparation",
  /** c263: delete a discussion message */ delPreparationMsg: "/v2/preparation/delPreparationMsg",
} as const;
