/** Every table, for Drizzle and drizzle-kit. Each module owns its file. */
export * from "../modules/org/org.schema.js";
export * from "../modules/rbac/rbac.schema.js";
export * from "../modules/account/account.schema.js";
export * from "../modules/auth/auth.schema.js";
export * from "../modules/platform/platform.schema.js";
export * from "../modules/teacher/teacher.schema.js";
export * from "../modules/file/file.schema.js";
export * from "../modules/equipment/equipment.schema.js";
export * from "../modules/recording/recording.schema.js";
export * from "../modules/video/video.schema.js";
export * from "../modules/community/community.schema.js";
export * from "../modules/article/article.schema.js";
export * from "../modules/notice/notice.schema.js";
export * from "../modules/meeting/meeting.schema.js";
export * from "../modules/activity/activity.schema.js";
export * from "../modules/personal/personal.schema.js";
