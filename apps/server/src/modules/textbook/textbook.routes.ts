/**
 * Routes of the textbook catalogue, resources, Tw sync and getXkwDoc (issue #8; docs/api/textbook.md,
 * docs/decisions/0820–0823). The catalogue (editions, books, catalogue tree) is public reference data; everything
 * else needs a signed-in user.
 */
import {
  GetTwCommunityActivityResourcesPayload,
  GetTwCommunityResourcesPayload,
  GetXkwDocPayload,
  SyncTwCommunityActivityResourcesPayload,
  SyncTwCommunityResourcesPayload,
  TEXTBOOK_CALLS as C,
  TextbookBookListPayload,
  TextbookCatalogTreePayload,
  TextbookEditionListPayload,
  TextbookResourceCheck,
  TextbookResourceIdPayload,
  TextbookResourceListPayload,
  TextbookResourceSave,
  TextbookResourceUpdate,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";
import { xkwProvider } from "./xkw.js";

export function textbookRoutes(app: FastifyInstance, host: CallHost, deps: CommunityDeps, built: CommunityServices): void {
  const textbooks = built.textbooks;
  const xkw = xkwProvider(deps.config, textbooks);

  // ── catalogue (public reference data) ──
  defineCall(app, host, {
    id: "new",
    path: C.textbookEditions,
    summary: "教材版本列表：人教版、统编版、北师大版……（含教材册数），公开",
    access: "public",
    schema: TextbookEditionListPayload,
    handler: async ({ payload }) => textbooks.editions(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.textbookBooks,
    summary: "教材列表：可按版本、学段、学科、年级筛选（含目录节点数），公开",
    access: "public",
    schema: TextbookBookListPayload,
    handler: async ({ payload }) => textbooks.books(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.textbookCatalog,
    summary: "教材目录树：一册教材的章、节、课（目录编码、关键词、已通过的资源数），公开",
    access: "public",
    schema: TextbookCatalogTreePayload,
    handler: async ({ payload }) => textbooks.catalogTree(payload.book_id),
  });

  // ── resources ──
  defineCall(app, host, {
    id: "c376",
    path: C.textbookResourceSave,
    summary: "上传教材资源：挂在目录编码上的本人上传文件；可放入社区（须能在社区发布）或社区的活动；审核人上传的直接通过，其他待审核",
    access: "user",
    schema: TextbookResourceSave,
    message: "资源已上传",
    handler: async ({ payload, caller }) => textbooks.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c377",
    path: C.textbookResourceUpdate,
    summary: "修改教材资源：上传者或审核人；非审核人修改后重新待审核；同步得到的副本随原资源变化",
    access: "user",
    schema: TextbookResourceUpdate,
    message: "资源已修改",
    handler: async ({ payload, caller }) => textbooks.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c378",
    path: C.textbookResourceRead,
    summary: "教材资源详情：已通过的资源登录用户都可看，未通过或待审核的只有上传者和审核人可看；文件地址已签名",
    access: "user",
    schema: TextbookResourceIdPayload,
    handler: async ({ payload, caller }) => textbooks.read(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c379",
    path: C.textbookResourceList,
    summary: "教材资源列表：按目录编码（含下级）、教材、版本、类型、社区、活动、状态、关键词筛选，分页",
    access: "user",
    schema: TextbookResourceListPayload,
    handler: async ({ payload, caller }) => textbooks.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c380",
    path: C.textbookResourceCheck,
    summary: "审核教材资源：status 1 通过、2 不通过（须填原因）；社区资源由社区创建者或管理员审核，其他由管理上传者学校的管理员审核",
    access: "user",
    schema: TextbookResourceCheck,
    message: "审核完成",
    handler: async ({ payload, caller }) => textbooks.check(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c381",
    path: C.textbookResourceDelete,
    summary: "删除教材资源：上传者或审核人；同步得到的副本一并删除",
    access: "user",
    schema: TextbookResourceIdPayload,
    message: "资源已删除",
    handler: async ({ payload, caller }) => textbooks.remove(await caller(), payload.id),
  });

  // ── Tw sync ──
  defineCall(app, host, {
    id: "c382",
    path: C.syncTwCommunityResources,
    summary: "同步社区资源到活动：把社区层已通过的资源复制到社区的每个活动（或指定活动），重复同步不会重复创建；社区创建者或管理员",
    access: "user",
    schema: SyncTwCommunityResourcesPayload,
    message: "同步完成",
    handler: async ({ payload, caller }) => textbooks.syncToActivities(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c383",
    path: C.syncTwCommunityActivityResources,
    summary: "同步活动资源到社区：把活动中上传并已通过的资源复制到社区层，重复同步不会重复创建；社区创建者或管理员",
    access: "user",
    schema: SyncTwCommunityActivityResourcesPayload,
    message: "同步完成",
    handler: async ({ payload, caller }) => textbooks.syncToCommunity(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c384",
    path: C.getTwCommunityResources,
    summary: "社区资源：社区层的教材资源（同步来的注明来源活动），能查看该社区的人，分页",
    access: "user",
    schema: GetTwCommunityResourcesPayload,
    handler: async ({ payload, caller }) => textbooks.twCommunity(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c385",
    path: C.getTwCommunityActivityResources,
    summary: "活动资源：某个社区活动的教材资源（活动中上传的与从社区同步来的），能查看该社区的人，分页",
    access: "user",
    schema: GetTwCommunityActivityResourcesPayload,
    handler: async ({ payload, caller }) => textbooks.twActivity(await caller(), payload),
  });

  // ── 学科网 documents ──
  defineCall(app, host, {
    id: "c397",
    path: C.getXkwDoc,
    summary: "学科网资源：按教材（textbookid）、学科（courseid）、目录（catalogid，含下级）分页查询文档；默认来自本平台已通过的教材资源，可配置为学科网接口",
    access: "user",
    schema: GetXkwDocPayload,
    handler: async ({ payload }) => xkw.docs(payload),
  });
}
