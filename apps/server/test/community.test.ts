/**
 * Communities (#7, c177–c193, c195–c200, c203–c216) through the real wire: create (school level normal, higher levels
 * pending), verification by the administrator whose scope holds it (quji vs another district), members (join at once,
 * apply, template, concurrent joins → one row, approve / reject, remove, insert, transfer → one owner), display and
 * operate, my lists, the log written by every mutating call, statistics compared with counts of the test's own rows,
 * rankings, files, the lists fed by #8–#10 and the '社区id' 400.
 */
import {
  type ActiveCommunityRow,
  CALLS,
  type CommunityActivityRow,
  type CommunityActivityStatistics,
  type CommunityAiCourseRow,
  type CommunityFileRow,
  type CommunityInfo,
  type CommunityItem,
  type CommunityLogRow,
  type CommunityMemberRow,
  type CommunityPower,
  type CommunityStatistics,
  type CommunityWebIndex,
  type Envelope,
  type MyCommunityItem,
  type Page,
  type RegionRankingRow,
  type ResearchCelebrityRow,
  type SessionInfo,
} from "@yanke/protocol";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { activity } from "../src/modules/activity/activity.schema.js";
import { communityArticle } from "../src/modules/article/article.schema.js";
import { community, communityLog, communityMember } from "../src/modules/community/community.schema.js";
import { storedFile } from "../src/modules/file/file.schema.js";
import { accountMessage } from "../src/modules/notice/notice.schema.js";
import { meeting } from "../src/modules/meeting/meeting.schema.js";
import { region } from "../src/modules/org/org.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { analysisCourse } from "../src/modules/analysis/analysis.schema.js";
import { seedDemoCommunities } from "../src/modules/community/community.demo.js";
import { type TestServer, startTestServer } from "./harness.js";
import { insertPreparation } from "./prepare-kit.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
const id = (u: string) => who[u]!.account_id;
let xingqing = 0;
let xixia = 0;

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["xiaoji", "quji", "pingtai"]) who[u] = await s.login(u, DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
  const regions = await s.database.db.select().from(region);
  xingqing = regions.find((r) => r.region_code === "640104")!.id;
  xixia = regions.find((r) => r.region_code === "640105")!.id;
});
afterAll(async () => {
  await s?.close();
});

function call<T = unknown>(path: string, payload: Record<string, unknown>, user?: string): Promise<Envelope<T>> {
  return s.call<T>(path, payload, user ? who[user]!.token : undefined);
}
async function ok<T>(path: string, payload: Record<string, unknown>, user?: string): Promise<T> {
  const r = await call<T>(path, payload, user);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function refused(path: string, payload: Record<string, unknown>, user: string | undefined, code: number, msg?: string | RegExp): Promise<void> {
  const r = await call(path, payload, user);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  if (typeof msg === "string") expect(r.msg).toBe(msg);
  else if (msg) expect(r.msg).toMatch(msg);
}
const db = () => s.database.db;
async function logs(communityId: number, action?: string) {
  return db()
    .select()
    .from(communityLog)
    .where(and(eq(communityLog.community_id, communityId), action ? eq(communityLog.action, action) : undefined));
}
async function members(communityId: number) {
  return db().select().from(communityMember).where(eq(communityMember.community_id, communityId));
}
async function messages(user: string) {
  return db()
    .select()
    .from(accountMessage)
    .where(and(eq(accountMessage.account_id, id(user)), eq(accountMessage.source_type, "community")));
}
let seq = 0;
const create = (user: string, extra: Record<string, unknown> = {}) => ok<CommunityItem>(CALLS.communitySave, { name: `社区${++seq}`, type: 1, ...extra }, user);

describe("create, read, update", () => {
  it("a teacher's school community is normal at once, he owns it, and the log has the call", async () => {
    const c = await ok<CommunityItem>(CALLS.communitySave, { name: "初中语文教研社区", introduction: "读写结合", type: 1, level: 1 }, "zhanglaoshi");
    expect(c).toMatchObject({
      name: "初中语文教研社区",
      status: 1,
      status_name: "正常",
      level: 1,
      level_name: "校级",
      type_name: "教研社区",
      owner_id: id("zhanglaoshi"),
      owner_name: "张老师",
      member_count: 1,
    });
    expect(c.school_id).toBe(who.zhanglaoshi!.school_id);
    expect(c.school_name).toBe("银川市第一中学");
    expect(c.area_id).toBe(xingqing);
    expect(c.region_list).toContain(xingqing);
    const m = await members(c.id);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ account_id: id("zhanglaoshi"), role: 1, status: 1 });
    expect(await logs(c.id, "community.save")).toHaveLength(1);
    const read = await ok<CommunityInfo>(CALLS.communityRead, { community_id: c.id }, "zhanglaoshi");
    expect(read.counts.members).toBe(1);
    expect(read.power).toMatchObject({ role: 1, can_edit: true, can_manage: true, can_leave: false, can_post: true });
  });

  it("refuses bad input with Chinese messages, and answers 400 with 社区id when the id is missing", async () => {
    await refused(CALLS.communitySave, { name: "" }, "zhanglaoshi", 400, /社区名称/);
    await refused(CALLS.communitySave, { name: "x", type: 9 }, "zhanglaoshi", 400, /社区类型/);
    await refused(CALLS.communitySave, { name: "x", level: 2 }, "zhanglaoshi", 400, "请选择社区所属地区");
    await refused(CALLS.communitySave, { name: "x", level: 3, region_id: xingqing }, "zhanglaoshi", 400, /市级社区请选择市/);
    await refused(CALLS.communitySave, { name: "x", school_id: who.zhaolaoshi!.school_id }, "lilaoshi", 403, /本人所在的学校/);
    const needId = [
      CALLS.communityRead,
      CALLS.communityUpdate,
      CALLS.communityAdminUpdate,
      CALLS.communityDelete,
      CALLS.communityJoin,
      CALLS.communityLeave,
      CALLS.communityMemberList,
      CALLS.communityMemberDelete,
      CALLS.communityVerify,
      CALLS.communityIsDisplay,
      CALLS.communityOperate,
      CALLS.communityActivityStatistics,
      CALLS.communityInsertMember,
      CALLS.communityTransfer,
      CALLS.communityInfo,
      CALLS.communityWebIndex,
      CALLS.communityPower,
      CALLS.researchCelebrity,
      CALLS.communityLog,
      CALLS.communityStatistics,
      CALLS.communityDetail,
      CALLS.communityFileSave,
      CALLS.communityFileList,
      CALLS.aiCourseList,
      CALLS.afterClassIndex,
      CALLS.webPreparationIndex,
    ];
    for (const path of needId) {
      await refused(path, {}, "zhanglaoshi", 400, /社区id/);
      await refused(path, { community_id: "" }, "zhanglaoshi", 400, /社区id/);
    }
    await refused(CALLS.communityRead, { community_id: 999999 }, "zhanglaoshi", 404, "社区不存在或已删除");
    await refused(CALLS.communityPower, { community_id: 999999 }, "zhanglaoshi", 404, "社区不存在或已删除");
    // Other fields of the lists and rankings.
    await refused(CALLS.communityList, { type: "abc" }, "zhanglaoshi", 400, /社区类型/);
    await refused(CALLS.communityAllList, { limit: 1000 }, undefined, 400, /每页条数/);
    await refused(CALLS.myJoinCommunity, { page: 0 }, "zhanglaoshi", 400, /页码/);
    await refused(CALLS.myCreateCommunity, { name: "x".repeat(51) }, "zhanglaoshi", 400, /社区名称/);
    await refused(CALLS.myCommunityList, { level: -1 }, "zhanglaoshi", 400, /社区级别/);
    await refused(CALLS.myCommunity, { community_id: "x" }, "zhanglaoshi", 400, /社区id/);
    await refused(CALLS.activeCommunity, { days: 0 }, undefined, 400, /统计天数/);
    await refused(CALLS.researchCelebrity, { community_id: 1, limit: 99 }, undefined, 400, /条数/);
    await refused(CALLS.communityTransfer, { community_id: 1 }, "zhanglaoshi", 400, /新的创建者/);
    await refused(CALLS.communityMemberDelete, { community_id: 1 }, "zhanglaoshi", 400, /成员/);
    await refused(CALLS.communityMemberList, { community_id: 1, status: 7 }, "zhanglaoshi", 400, /成员状态/);
    await refused(CALLS.communityFileDelete, {}, "zhanglaoshi", 400, /社区文件/);
    // Calls that need a session refuse anonymous callers.
    for (const path of [
      CALLS.communityList,
      CALLS.communitySave,
      CALLS.myCommunity,
      CALLS.communityPower,
      CALLS.communityStatistics,
      CALLS.communityFileList,
    ]) {
      const r = await call(path, { community_id: 1 });
      expect(r.code, path).not.toBe(200);
    }
  });

  it("only the owner or a manager edits; the fields sent change", async () => {
    const c = await create("zhanglaoshi", { introduction: "旧简介" });
    await refused(CALLS.communityUpdate, { community_id: c.id, name: "改名" }, "lilaoshi", 403, "只有社区创建者可以修改社区信息");
    await refused(CALLS.communityUpdate, { community_id: c.id, name: "改名" }, "zhaolaoshi", 403);
    const u = await ok<CommunityItem>(CALLS.communityUpdate, { community_id: c.id, name: "改名后的社区", join_mode: 1 }, "zhanglaoshi");
    expect(u).toMatchObject({ name: "改名后的社区", join_mode: 1, introduction: "旧简介" });
    // The school administrator manages his school's communities.
    const x = await ok<CommunityItem>(CALLS.communityUpdate, { community_id: c.id, introduction: "教务处修改" }, "xiaoji");
    expect(x.introduction).toBe("教务处修改");
    expect(await logs(c.id, "community.update")).toHaveLength(2);
  });
});

describe("verification of higher levels", () => {
  it("a district community waits for quji; another district's administrator and the school administrator are refused", async () => {
    const c = await create("zhanglaoshi", { level: 2, region_id: xingqing, name: "兴庆区语文名师工作室", type: 2 });
    expect(c).toMatchObject({ status: 0, status_name: "待审核", region_id: xingqing, region_name: "兴庆区", area_id: xingqing });
    // Not on the public lists, not on an ordinary teacher's list; quji sees it among his scope.
    const pub = await ok<Page<CommunityItem>>(CALLS.communityAllList, { limit: 100 });
    expect(pub.list.map((x) => x.id)).not.toContain(c.id);
    const zhao = await ok<Page<CommunityItem>>(CALLS.communityList, { limit: 100 }, "zhaolaoshi");
    expect(zhao.list.map((x) => x.id)).not.toContain(c.id);
    const q = await ok<Page<CommunityItem>>(CALLS.communityList, { limit: 100, status: 0 }, "quji");
    expect(q.list.map((x) => x.id)).toContain(c.id);
    expect(q.list.every((x) => x.status === 0)).toBe(true);
    // Pending: nobody joins yet.
    await refused(CALLS.communityJoin, { community_id: c.id }, "lilaoshi", 403, "该社区当前不能加入");

    await refused(CALLS.communityVerify, { community_id: c.id, status: 1 }, "zhaolaoshi", 403, "只有管辖该社区的管理员可以审核");
    await refused(CALLS.communityVerify, { community_id: c.id, status: 1 }, "xiaoji", 403);
    await refused(CALLS.communityVerify, { community_id: c.id, status: 3 }, "quji", 400, /审核结果/);
    await refused(CALLS.communityVerify, { community_id: c.id, status: 2 }, "quji", 400, "请填写不通过的原因");
    const rejected = await ok<CommunityItem>(CALLS.communityVerify, { community_id: c.id, status: 2, reason: "简介不完整" }, "quji");
    expect(rejected).toMatchObject({ status: 2, verify_reason: "简介不完整" });
    await refused(CALLS.communityVerify, { community_id: c.id, status: 1 }, "quji", 409, "该社区不是待审核状态");
    const msg1 = (await messages("zhanglaoshi")).filter((m) => m.source_id === c.id);
    expect(msg1.map((m) => m.title)).toEqual(["社区审核未通过"]);
    expect(msg1[0]!.content).toContain("简介不完整");
    // The owner sees it among his own with the reason; editing sends it back to verification.
    const mine = await ok<Page<MyCommunityItem>>(CALLS.myCreateCommunity, { limit: 100 }, "zhanglaoshi");
    expect(mine.list.find((x) => x.id === c.id)).toMatchObject({ status: 2, verify_reason: "简介不完整", role: 1 });
    const again = await ok<CommunityItem>(CALLS.communityUpdate, { community_id: c.id, introduction: "完整的简介" }, "zhanglaoshi");
    expect(again.status).toBe(0);
    const passed = await ok<CommunityItem>(CALLS.communityVerify, { community_id: c.id, status: 1 }, "quji");
    expect(passed.status).toBe(1);
    expect((await messages("zhanglaoshi")).filter((m) => m.source_id === c.id).map((m) => m.title)).toContain("社区审核通过");
    expect(await logs(c.id, "community.verify")).toHaveLength(2);
    expect((await ok<Page<CommunityItem>>(CALLS.communityAllList, { limit: 100 })).list.map((x) => x.id)).toContain(c.id);
  });

  it("quji cannot verify a 西夏区 community; the platform administrator can", async () => {
    const c = await create("zhaolaoshi", { level: 2, region_id: xixia });
    expect(c.status).toBe(0);
    await refused(CALLS.communityVerify, { community_id: c.id, status: 1 }, "quji", 403);
    const q = await ok<Page<CommunityItem>>(CALLS.communityList, { limit: 100 }, "quji");
    expect(q.list.map((x) => x.id)).not.toContain(c.id);
    expect((await ok<CommunityItem>(CALLS.communityVerify, { community_id: c.id, status: 1 }, "pingtai")).status).toBe(1);
  });

  it("administrators create for an owner inside their scope (c181) and move communities (c182)", async () => {
    const c = await ok<CommunityItem>(CALLS.communityAdminSave, { name: "一中数学组", account_id: id("lilaoshi") }, "xiaoji");
    expect(c).toMatchObject({ status: 1, owner_id: id("lilaoshi"), school_id: who.xiaoji!.school_id });
    await refused(
      CALLS.communityAdminSave,
      { name: "二中", account_id: id("zhaolaoshi"), school_id: who.zhaolaoshi!.school_id },
      "xiaoji",
      403,
      "该社区不在您的管理范围",
    );
    await refused(CALLS.communityAdminSave, { name: "x", account_id: id("lilaoshi") }, "zhanglaoshi", 403);
    await refused(CALLS.communityAdminSave, { name: "x" }, "xiaoji", 400, /社区创建者/);
    const d = await ok<CommunityItem>(
      CALLS.communityAdminSave,
      { name: "兴庆区数学基地", level: 2, region_id: xingqing, type: 4, account_id: id("wanglaoshi") },
      "quji",
    );
    expect(d).toMatchObject({ status: 1, level: 2, owner_id: id("wanglaoshi") });
    await refused(CALLS.communityAdminSave, { name: "西夏", level: 2, region_id: xixia, account_id: id("zhaolaoshi") }, "quji", 403);
    const moved = await ok<CommunityItem>(CALLS.communityAdminUpdate, { community_id: c.id, level: 2, region_id: xingqing }, "quji");
    expect(moved).toMatchObject({ level: 2, region_id: xingqing, school_id: 0 });
    await refused(CALLS.communityAdminUpdate, { community_id: c.id, name: "x" }, "lilaoshi", 403);
    await refused(CALLS.communityAdminUpdate, { community_id: c.id, region_id: xixia }, "quji", 403);
    expect(await logs(c.id, "community.admin_update")).toHaveLength(1);
  });
});

describe("members", () => {
  it("concurrent joins make one membership row", async () => {
    const c = await create("zhanglaoshi");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call<{ member_status: number }>(CALLS.communityJoin, { community_id: c.id }, "lilaoshi")),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409).every((a) => a.msg === "您已加入该社区")).toBe(true);
    const rows = (await members(c.id)).filter((m) => m.account_id === id("lilaoshi"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 1, role: 3 });
    expect(await logs(c.id, "member.join")).toHaveLength(1);
    const p = await ok<CommunityPower>(CALLS.communityPower, { community_id: c.id }, "lilaoshi");
    expect(p).toMatchObject({ role: 3, is_member: true, can_post: true, can_manage: false, can_leave: true, can_join: false });
  });

  it("applications: join_mode 1 and templates; approve and reject by managers only", async () => {
    const c = await create("zhanglaoshi", { join_mode: 1 });
    const a = await ok<{ member_status: number }>(CALLS.communityJoin, { community_id: c.id, apply_reason: "想学习" }, "wanglaoshi");
    expect(a.member_status).toBe(0);
    await refused(CALLS.communityJoin, { community_id: c.id }, "wanglaoshi", 409, "您的加入申请正在审核中");
    expect((await messages("zhanglaoshi")).filter((m) => m.source_id === c.id).map((m) => m.title)).toEqual(["新的加入申请"]);
    await refused(CALLS.communityMemberList, { community_id: c.id, status: 0 }, "wanglaoshi", 403);
    const apps = await ok<Page<CommunityMemberRow>>(CALLS.communityMemberList, { community_id: c.id, status: 0 }, "zhanglaoshi");
    expect(apps.list.map((m) => [m.account_id, m.apply_reason])).toEqual([[id("wanglaoshi"), "想学习"]]);
    await refused(CALLS.communityOperate, { community_id: c.id, operate: "approve", account_ids: [id("wanglaoshi")] }, "lilaoshi", 403);
    await refused(CALLS.communityOperate, { community_id: c.id, operate: "fly" }, "zhanglaoshi", 400, /操作/);
    const done = await ok<{ affected: number }>(
      CALLS.communityOperate,
      { community_id: c.id, operate: "approve", account_ids: [id("wanglaoshi")] },
      "zhanglaoshi",
    );
    expect(done.affected).toBe(1);
    await refused(CALLS.communityOperate, { community_id: c.id, operate: "approve", account_ids: [id("wanglaoshi")] }, "zhanglaoshi", 409);
    expect((await members(c.id)).find((m) => m.account_id === id("wanglaoshi"))).toMatchObject({ status: 1, reviewed_by: id("zhanglaoshi") });
    expect((await messages("wanglaoshi")).filter((m) => m.source_id === c.id).map((m) => m.title)).toContain("加入申请已通过");

    // Templates and filled forms are the caller's own uploads (their readers get signed addresses).
    const upload = async (user: string, name: string) =>
      (
        await db()
          .insert(storedFile)
          .values({
            storage_key: `test/${name}`,
            real_file_name: name,
            file_type: "docx",
            kind: "document",
            mime: "application/octet-stream",
            size: 100,
            sha256: "x",
            module: "document",
            account_id: id(user),
          })
          .returning()
      )[0]!.id;
    const template = await upload("zhanglaoshi", "申请模板.docx");
    const form = await upload("lilaoshi", "申请表.docx");
    const form2 = await upload("lilaoshi", "申请表2.docx");
    const stranger = await upload("zhaolaoshi", "赵的私人文件.docx");
    await refused(CALLS.communitySave, { name: "借用他人文件的社区", apply_template_url: `/files/${stranger}` }, "zhanglaoshi", 400, /申请模板.*不是您上传的/);
    await refused(CALLS.communitySave, { name: "坏地址社区", apply_template_url: "javascript:alert(1)" }, "zhanglaoshi", 400, /申请模板/);
    const t = await create("zhanglaoshi", { apply_template_url: `/files/${template}` });
    // Whoever may apply reads the template through a signed address.
    const seen = await ok<{ apply_template_url: string }>(CALLS.communityRead, { community_id: t.id }, "lilaoshi");
    expect(seen.apply_template_url).toMatch(new RegExp(`^/files/${template}\\?exp=\\d+&sig=`));
    await refused(CALLS.communityJoin, { community_id: t.id }, "lilaoshi", 400, /申请表/);
    await refused(CALLS.communityJoin, { community_id: t.id, apply_file_url: `/files/${stranger}` }, "lilaoshi", 400, /申请表.*不是您上传的/);
    await refused(CALLS.communityJoin, { community_id: t.id }, "zhanglaoshi", 409, "您已加入该社区");
    expect((await ok<{ member_status: number }>(CALLS.communityJoin, { community_id: t.id, apply_file_url: `/files/${form}` }, "lilaoshi")).member_status).toBe(
      0,
    );
    await refused(CALLS.communityOperate, { community_id: t.id, operate: "reject", account_ids: [id("lilaoshi")] }, "zhanglaoshi", 400, "请填写拒绝的原因");
    await ok(CALLS.communityOperate, { community_id: t.id, operate: "reject", account_ids: [id("lilaoshi")], reason: "申请表未填写完整" }, "zhanglaoshi");
    expect((await members(t.id)).find((m) => m.account_id === id("lilaoshi"))).toMatchObject({ status: 2, apply_file_url: `/files/${form}` });
    // A rejected applicant may apply again.
    expect(
      (await ok<{ member_status: number }>(CALLS.communityJoin, { community_id: t.id, apply_file_url: `/files/${form2}` }, "lilaoshi")).member_status,
    ).toBe(0);
    // The reviewers read the filled form through a signed address.
    const applicants = await ok<Page<{ account_id: number; apply_file_url: string }>>(
      CALLS.communityMemberList,
      { community_id: t.id, status: 0 },
      "zhanglaoshi",
    );
    expect(applicants.list.find((m) => m.account_id === id("lilaoshi"))?.apply_file_url).toMatch(new RegExp(`^/files/${form2}\\?exp=`));
    expect((await members(t.id)).filter((m) => m.account_id === id("lilaoshi"))).toHaveLength(1);
    // Withdrawing an application.
    await ok(CALLS.communityLeave, { community_id: t.id }, "lilaoshi");
    expect((await members(t.id)).map((m) => m.account_id)).toEqual([id("zhanglaoshi")]);
  });

  it("leave, remove, insert, administrators", async () => {
    const c = await create("zhanglaoshi");
    await refused(CALLS.communityLeave, { community_id: c.id }, "zhanglaoshi", 403, "社区创建者不能退出社区，请先转让社区");
    await refused(CALLS.communityLeave, { community_id: c.id }, "lilaoshi", 403, "您不是该社区成员");
    await refused(CALLS.communityInsertMember, { community_id: c.id, account_ids: [id("lilaoshi")] }, "wanglaoshi", 403);
    await refused(CALLS.communityInsertMember, { community_id: c.id, account_ids: [] }, "zhanglaoshi", 400, /请选择账号/);
    await refused(CALLS.communityInsertMember, { community_id: c.id, account_ids: [99999999] }, "zhanglaoshi", 400, "账号不存在或已停用");
    const ins = await ok<{ added: number }>(
      CALLS.communityInsertMember,
      { community_id: c.id, account_ids: [id("lilaoshi"), id("wanglaoshi"), id("zhaolaoshi"), id("zhanglaoshi")] },
      "zhanglaoshi",
    );
    expect(ins.added).toBe(3);
    expect(await members(c.id)).toHaveLength(4);
    expect((await members(c.id)).find((m) => m.account_id === id("zhanglaoshi"))!.role).toBe(1);
    expect(await logs(c.id, "member.insert")).toHaveLength(3);

    await ok(CALLS.communityOperate, { community_id: c.id, operate: "set_admin", account_ids: [id("lilaoshi")] }, "zhanglaoshi");
    await refused(
      CALLS.communityOperate,
      { community_id: c.id, operate: "set_admin", account_ids: [id("wanglaoshi")] },
      "lilaoshi",
      403,
      "只有社区创建者可以设置管理员",
    );
    // A community administrator removes members, not administrators nor the owner.
    await ok(CALLS.communityMemberDelete, { community_id: c.id, account_id: id("zhaolaoshi") }, "lilaoshi");
    await refused(CALLS.communityMemberDelete, { community_id: c.id, account_id: id("zhanglaoshi") }, "lilaoshi", 403, "不能移除社区创建者");
    await refused(CALLS.communityMemberDelete, { community_id: c.id, account_id: id("zhanglaoshi") }, "xiaoji", 403, "不能移除社区创建者");
    await refused(CALLS.communityMemberDelete, { community_id: c.id, account_id: id("lilaoshi") }, "wanglaoshi", 403);
    await refused(CALLS.communityMemberDelete, { community_id: c.id, account_id: id("zhaolaoshi") }, "zhanglaoshi", 404);
    expect((await members(c.id)).map((m) => m.account_id).sort()).toEqual([id("zhanglaoshi"), id("lilaoshi"), id("wanglaoshi")].sort());
    expect((await messages("zhaolaoshi")).filter((m) => m.source_id === c.id).map((m) => m.title)).toEqual(["您已加入社区", "您已被移出社区"]);
    await ok(CALLS.communityLeave, { community_id: c.id }, "wanglaoshi");
    expect(await logs(c.id, "member.leave")).toHaveLength(1);
    const list = await ok<Page<CommunityMemberRow>>(CALLS.communityMemberList, { community_id: c.id }, "lilaoshi");
    expect(list.list.map((m) => [m.account_id, m.role_name])).toEqual([
      [id("zhanglaoshi"), "创建者"],
      [id("lilaoshi"), "管理员"],
    ]);
  });

  it("transfer: one transaction, one owner, the old owner becomes an administrator", async () => {
    const c = await create("zhanglaoshi");
    await ok(CALLS.communityJoin, { community_id: c.id }, "lilaoshi");
    await refused(CALLS.communityTransfer, { community_id: c.id, account_id: id("wanglaoshi") }, "zhanglaoshi", 400, "只能转让给已加入社区的成员");
    await refused(CALLS.communityTransfer, { community_id: c.id, account_id: id("zhanglaoshi") }, "lilaoshi", 403, "只有社区创建者可以转让社区");
    const t = await ok<CommunityItem>(CALLS.communityTransfer, { community_id: c.id, account_id: id("lilaoshi") }, "zhanglaoshi");
    expect(t).toMatchObject({ owner_id: id("lilaoshi"), owner_name: "李老师" });
    const rows = await members(c.id);
    expect(rows.filter((m) => m.role === 1).map((m) => m.account_id)).toEqual([id("lilaoshi")]);
    expect(rows.find((m) => m.account_id === id("zhanglaoshi"))!.role).toBe(2);
    expect(await logs(c.id, "community.transfer")).toHaveLength(1);
    expect((await ok<CommunityPower>(CALLS.communityPower, { community_id: c.id }, "zhanglaoshi")).can_leave).toBe(true);
    await ok(CALLS.communityLeave, { community_id: c.id }, "zhanglaoshi");
  });
});

describe("display, operate, delete, my lists", () => {
  it("hidden communities leave the public lists; operators recommend and grade", async () => {
    const c = await create("zhanglaoshi");
    await refused(CALLS.communityIsDisplay, { community_id: c.id, is_display: 0 }, "lilaoshi", 403);
    await refused(CALLS.communityIsDisplay, { community_id: c.id, is_display: 5 }, "zhanglaoshi", 400, /是否展示/);
    await ok(CALLS.communityIsDisplay, { community_id: c.id, is_display: 0 }, "zhanglaoshi");
    expect((await ok<Page<CommunityItem>>(CALLS.communityAllList, { limit: 100 })).list.map((x) => x.id)).not.toContain(c.id);
    await refused(CALLS.communityDetail, { community_id: c.id }, undefined, 403, "请登录后查看");
    await refused(CALLS.communityRead, { community_id: c.id }, "zhaolaoshi", 403, "请先加入社区后查看");
    expect((await ok<Page<CommunityItem>>(CALLS.communityList, { limit: 100, is_display: 0 }, "xiaoji")).list.map((x) => x.id)).toContain(c.id);
    await ok(CALLS.communityIsDisplay, { community_id: c.id, is_display: 1 }, "zhanglaoshi");

    await refused(CALLS.communityOperate, { community_id: c.id, operate: "recommend" }, "zhanglaoshi", 403);
    await ok(CALLS.communityOperate, { community_id: c.id, operate: "recommend" }, "xiaoji");
    await refused(CALLS.communityOperate, { community_id: c.id, operate: "grade" }, "quji", 400, "请选择社区等级");
    await ok(CALLS.communityOperate, { community_id: c.id, operate: "grade", community_level: 2 }, "quji");
    const first = await ok<Page<CommunityItem>>(CALLS.communityAllList, { limit: 1 });
    expect(first.list[0]).toMatchObject({ id: c.id, is_recommend: 1, community_level: 2, community_level_name: "示范" });
    const filtered = await ok<Page<CommunityItem>>(CALLS.communityAllList, { is_recommend: 1, limit: 100, name: c.name });
    expect(filtered.list.map((x) => x.id)).toEqual([c.id]);
    expect(await logs(c.id, "community.display")).toHaveLength(2);
  });

  it("delete: owner or manager; members, logs and files go with it, its meetings are cancelled", async () => {
    const c = await create("zhanglaoshi");
    await ok(CALLS.communityJoin, { community_id: c.id }, "lilaoshi");
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const booked = await ok<{ id: number }>(
      CALLS.meetingSave,
      {
        community_id: c.id,
        name: "删除前的会议",
        meeting_url: "https://meeting.example.com/j/123",
        start_time: `${day} 09:00:00`,
        end_time: `${day} 10:00:00`,
        participation_account_ids: [],
      },
      "zhanglaoshi",
    );
    await refused(CALLS.communityDelete, { community_id: c.id }, "lilaoshi", 403, "只有社区创建者可以删除社区");
    await refused(CALLS.communityDelete, { community_id: c.id }, "zhaolaoshi", 403);
    await ok(CALLS.communityDelete, { community_id: c.id }, "zhanglaoshi");
    await refused(CALLS.communityRead, { community_id: c.id }, "zhanglaoshi", 404);
    expect(await members(c.id)).toHaveLength(0);
    expect(await logs(c.id)).toHaveLength(0);
    const [m] = await s.database.db.select({ status: meeting.status }).from(meeting).where(eq(meeting.id, booked.id));
    expect(m?.status).toBe(2);
    const d = await create("lilaoshi");
    await ok(CALLS.communityDelete, { community_id: d.id }, "xiaoji");
    expect((await messages("lilaoshi")).filter((m) => m.source_id === d.id).map((m) => m.title)).toEqual(["社区已删除"]);
  });

  it("my lists: created, joined, all, the default one", async () => {
    const own = await create("wanglaoshi", { name: "王老师的英语社区" });
    const other = await create("zhaolaoshi", { name: "赵老师的物理社区" });
    await ok(CALLS.communityJoin, { community_id: other.id }, "wanglaoshi");
    const applying = await create("zhaolaoshi", { join_mode: 1 });
    await ok(CALLS.communityJoin, { community_id: applying.id }, "wanglaoshi");
    const created = await ok<Page<MyCommunityItem>>(CALLS.myCreateCommunity, { limit: 100 }, "wanglaoshi");
    expect(created.list.every((x) => x.role === 1)).toBe(true);
    expect(created.list.map((x) => x.id)).toContain(own.id);
    const joined = await ok<Page<MyCommunityItem>>(CALLS.myJoinCommunity, { limit: 100 }, "wanglaoshi");
    expect(joined.list.map((x) => x.id)).toContain(other.id);
    expect(joined.list.map((x) => x.id)).not.toContain(own.id);
    expect(joined.list.map((x) => x.id)).not.toContain(applying.id);
    const all = await ok<Page<MyCommunityItem>>(CALLS.myCommunityList, { limit: 100 }, "wanglaoshi");
    const mine = await db()
      .select()
      .from(communityMember)
      .where(eq(communityMember.account_id, id("wanglaoshi")));
    expect(all.total).toBe(mine.length);
    expect(all.list.find((x) => x.id === applying.id)).toMatchObject({ member_status: 0, member_status_name: "待审核" });
    const one = await ok<MyCommunityItem & { power: CommunityPower }>(CALLS.myCommunity, {}, "wanglaoshi");
    expect(one.role).toBe(1);
    expect(one.power.can_edit).toBe(true);
    const named = await ok<MyCommunityItem & { power: CommunityPower }>(CALLS.myCommunity, { community_id: other.id }, "wanglaoshi");
    expect(named).toMatchObject({ id: other.id, role: 3 });
    await refused(CALLS.myCommunity, { community_id: applying.id }, "wanglaoshi", 403);
    expect(await ok(CALLS.myCommunity, {}, "pingtai")).toBeNull();
  });
});

describe("index, log, statistics and rankings", () => {
  it("communityLog pages the rows with names; webIndex gathers the home page", async () => {
    const c = await create("zhanglaoshi", { name: "日志社区" });
    await ok(CALLS.communityJoin, { community_id: c.id }, "lilaoshi");
    await ok(CALLS.communityJoin, { community_id: c.id }, "wanglaoshi");
    await ok(CALLS.communityOperate, { community_id: c.id, operate: "set_admin", account_ids: [id("lilaoshi")] }, "zhanglaoshi");
    const page = await ok<Page<CommunityLogRow>>(CALLS.communityLog, { community_id: c.id, limit: 2 }, "wanglaoshi");
    expect(page.total).toBe((await logs(c.id)).length);
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(2);
    expect(page.list[0]).toMatchObject({ action: "community.operate.set_admin", account_name: "张老师" });
    const joins = await ok<Page<CommunityLogRow>>(CALLS.communityLog, { community_id: c.id, action: "member." });
    expect(joins.list.map((l) => l.account_name).sort()).toEqual(["李老师", "王老师"].sort());
    const idx = await ok<CommunityWebIndex>(CALLS.communityWebIndex, { community_id: c.id });
    expect(idx.community).toMatchObject({ id: c.id, member_count: 3 });
    expect(idx.community.counts.members).toBe(3);
    expect(idx.community.power.can_join).toBe(false);
    expect(idx.owner!.realname).toBe("张老师");
    expect(idx.admins.map((a) => a.realname)).toEqual(["李老师"]);
    expect(idx.latest_members).toHaveLength(3);
    expect(idx.latest_logs).toHaveLength(4);
    const asZhao = await ok<CommunityWebIndex>(CALLS.communityWebIndex, { community_id: c.id }, "zhaolaoshi");
    expect(asZhao.community.power).toMatchObject({ can_join: true, is_member: false, can_manage: false });
    const info = await ok<CommunityInfo>(CALLS.communityInfo, { community_id: c.id }, "lilaoshi");
    expect(info.power.can_manage).toBe(true);
  });

  it("statistics, activity statistics, research celebrities and rankings match the rows", async () => {
    const c = await create("zhanglaoshi", { name: "统计社区" });
    await ok(CALLS.communityInsertMember, { community_id: c.id, account_ids: [id("lilaoshi"), id("wanglaoshi")] }, "zhanglaoshi");
    const now = Date.now();
    const daysAgo = (d: number) => new Date(now - d * 86_400_000);
    // Three activities this month and earlier, of two types; two articles by 李老师. The preparation activity stands
    // for a public preparation (c216 lists only preparations the caller may view).
    const prepId = await insertPreparation(db(), { theme: "集体备课一", author: id("lilaoshi"), community_id: c.id, open_model: 1 });
    await db()
      .insert(activity)
      .values([
        { type: "research", name: "教研活动一", community_id: c.id, account_id: id("zhanglaoshi"), start_time: daysAgo(0), end_time: daysAgo(0) },
        { type: "research", name: "教研活动二", community_id: c.id, account_id: id("zhanglaoshi"), start_time: daysAgo(40), end_time: daysAgo(40) },
        {
          type: "preparation",
          ref_id: prepId,
          name: "集体备课一",
          community_id: c.id,
          account_id: id("lilaoshi"),
          start_time: daysAgo(0),
          end_time: daysAgo(0),
        },
        {
          type: "after_class",
          name: "课后反思一",
          community_id: c.id,
          account_id: id("lilaoshi"),
          start_time: daysAgo(1),
          end_time: daysAgo(1),
          is_display: 1,
        },
        { type: "research", name: "隐藏活动", community_id: c.id, account_id: id("lilaoshi"), start_time: daysAgo(0), end_time: daysAgo(0), status: 0 },
      ]);
    await db()
      .insert(communityArticle)
      .values([
        { community_id: c.id, account_id: id("lilaoshi"), title: "文章一" },
        { community_id: c.id, account_id: id("lilaoshi"), title: "文章二" },
      ]);
    const st = await ok<CommunityStatistics>(CALLS.communityStatistics, { community_id: c.id, months: 3 }, "wanglaoshi");
    const count = async (q: Promise<unknown[]>) => (await q).length;
    expect(st.totals.members).toBe(
      await count(
        db()
          .select()
          .from(communityMember)
          .where(and(eq(communityMember.community_id, c.id), eq(communityMember.status, 1))),
      ),
    );
    expect(st.totals.activities).toBe(4);
    expect(st.totals.articles).toBe(2);
    expect(st.totals.logs).toBe((await logs(c.id)).length);
    expect(st.months).toHaveLength(3);
    expect(st.months.reduce((a, m) => a + m.logs, 0)).toBe((await logs(c.id)).length);
    expect(st.months.at(-1)!.members).toBe(3);
    await refused(CALLS.communityStatistics, { community_id: c.id, months: 99 }, "wanglaoshi", 400, /统计月数/);

    const as = await ok<CommunityActivityStatistics>(CALLS.communityActivityStatistics, { community_id: c.id, months: 6 }, "zhanglaoshi");
    expect(as.total).toBe(4);
    expect(as.by_type.find((t) => t.type === "research")).toMatchObject({ count: 2, type_name: "教研活动" });
    expect(as.by_type.find((t) => t.type === "preparation")!.count).toBe(1);
    expect(as.by_month).toHaveLength(6);
    expect(as.by_month.reduce((a, m) => a + m.count, 0)).toBe(4);

    const after = await ok<Page<CommunityActivityRow>>(CALLS.afterClassIndex, { community_id: c.id });
    expect(after.list.map((a) => a.name)).toEqual(["课后反思一"]);
    const prep = await ok<Page<CommunityActivityRow>>(CALLS.webPreparationIndex, { community_id: c.id }, "zhaolaoshi");
    expect(prep.list.map((a) => [a.name, a.account_name])).toEqual([["集体备课一", "李老师"]]);

    // 李老师: 1 log (added by insert is the owner's row) + 2 articles; 张老师: his logs.
    const cel = await ok<ResearchCelebrityRow[]>(CALLS.researchCelebrity, { community_id: c.id, days: 30 });
    const zl = await logs(c.id);
    const zhangLogs = zl.filter((l) => l.account_id === id("zhanglaoshi")).length;
    expect(cel.find((r) => r.account_id === id("zhanglaoshi"))).toMatchObject({ log_num: zhangLogs, article_num: 0, score: zhangLogs });
    expect(cel.find((r) => r.account_id === id("lilaoshi"))).toMatchObject({ log_num: 0, article_num: 2, score: 2 });
    expect(cel.find((r) => r.account_id === id("wanglaoshi"))).toBeUndefined();

    // Many log rows in the window make it the most active; older rows do not count.
    await db()
      .insert(communityLog)
      .values([
        ...Array.from({ length: 200 }, () => ({ community_id: c.id, account_id: id("lilaoshi"), action: "article.save" })),
        ...Array.from({ length: 500 }, () => ({ community_id: c.id, account_id: id("lilaoshi"), action: "article.save", created_at: daysAgo(60) })),
      ]);
    const active = await ok<ActiveCommunityRow[]>(CALLS.activeCommunity, { days: 30, limit: 5 });
    const windowCount = (await logs(c.id)).filter((l) => l.created_at >= daysAgo(30)).length;
    expect(active[0]).toMatchObject({ id: c.id, rank: 1, log_num: windowCount });
    const ranking = await ok<RegionRankingRow[]>(CALLS.regionRanking, { days: 30 });
    expect(ranking[0]!.region_id).toBe(xingqing);
    const [expected] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(communityLog)
      .innerJoin(community, eq(community.id, communityLog.community_id))
      .where(and(eq(community.area_id, xingqing), eq(community.status, 1), sql`${communityLog.created_at} >= ${daysAgo(30)}`));
    // The window of the server is a little later than the test's: equal unless a row fell exactly between.
    expect(ranking[0]!.log_num).toBe(expected!.n);
    expect(ranking.map((r) => r.rank)).toEqual(ranking.map((_r, i) => i + 1));
    const cities = await ok<RegionRankingRow[]>(CALLS.regionRanking, { by: "city" });
    expect(cities[0]!.region_name).toBe("银川市");
    await refused(CALLS.regionRanking, { by: "town" }, undefined, 400, /统计层级/);
  });
});

describe("what a non-member may read", () => {
  it("a hidden community's reads refuse anonymous callers and non-members, members read them", async () => {
    const c = await create("zhanglaoshi");
    await ok(CALLS.communityJoin, { community_id: c.id }, "lilaoshi");
    const reads = [
      CALLS.communityRead,
      CALLS.communityInfo,
      CALLS.communityWebIndex,
      CALLS.communityDetail,
      CALLS.communityLog,
      CALLS.researchCelebrity,
      CALLS.communityStatistics,
      CALLS.communityActivityStatistics,
      CALLS.communityFileList,
      CALLS.aiCourseList,
      CALLS.afterClassIndex,
      CALLS.webPreparationIndex,
      CALLS.communityMemberList,
    ];
    // Shown: anyone reads the public ones; a logged-in non-member reads all.
    for (const path of reads) await ok(path, { community_id: c.id }, "zhaolaoshi");
    await ok(CALLS.communityWebIndex, { community_id: c.id });
    await ok(CALLS.communityLog, { community_id: c.id });
    await refused(CALLS.communityIsDisplay, { community_id: c.id, is_display: 0 }, "lilaoshi", 403);
    await ok(CALLS.communityIsDisplay, { community_id: c.id, is_display: 0 }, "zhanglaoshi");
    for (const path of reads) {
      await refused(path, { community_id: c.id }, "zhaolaoshi", 403, "请先加入社区后查看");
      await ok(path, { community_id: c.id }, "lilaoshi");
    }
    for (const path of [CALLS.communityInfo, CALLS.communityWebIndex, CALLS.communityDetail, CALLS.communityLog, CALLS.aiCourseList]) {
      await refused(path, { community_id: c.id }, undefined, 403, "请登录后查看");
    }
    // The school administrator manages it without being a member.
    const info = await ok<CommunityInfo>(CALLS.communityRead, { community_id: c.id }, "xiaoji");
    expect(info.power).toMatchObject({ is_member: false, can_manage: true, can_verify: true });
    // So does the district administrator of the school's district.
    expect((await ok<CommunityInfo>(CALLS.communityRead, { community_id: c.id }, "quji")).power.can_manage).toBe(true);
  });
});

describe("files and the lists fed by other issues", () => {
  it("members attach their own uploads; only the uploader or a manager removes them", async () => {
    const c = await create("zhanglaoshi");
    await ok(CALLS.communityJoin, { community_id: c.id }, "lilaoshi");
    await ok(CALLS.communityJoin, { community_id: c.id }, "wanglaoshi");
    const file = async (user: string, name: string) =>
      (
        await db()
          .insert(storedFile)
          .values({
            storage_key: `test/${name}`,
            real_file_name: name,
            file_type: "pdf",
            kind: "pdf",
            mime: "application/pdf",
            size: 1234,
            sha256: "x",
            module: "community",
            account_id: id(user),
          })
          .returning()
      )[0]!.id;
    const liFile = await file("lilaoshi", "教案.pdf");
    const zhaoFile = await file("zhaolaoshi", "赵的文件.pdf");
    await refused(CALLS.communityFileSave, { community_id: c.id, file_id: liFile }, "zhaolaoshi", 403, "请先加入社区后再发布");
    await refused(CALLS.communityFileSave, { community_id: c.id, file_id: zhaoFile }, "lilaoshi", 403, "只能添加本人上传的文件");
    await refused(CALLS.communityFileSave, { community_id: c.id, file_id: 99999999 }, "lilaoshi", 404);
    await refused(CALLS.communityFileSave, { community_id: c.id, file_id: liFile, type: 7 }, "lilaoshi", 400, /文件分类/);
    const saved = await ok<CommunityFileRow>(CALLS.communityFileSave, { community_id: c.id, file_id: liFile, type: 2 }, "lilaoshi");
    expect(saved).toMatchObject({ file_name: "教案.pdf", type_name: "模板", account_name: "李老师", size: 1234, can_delete: true });
    expect(saved.url).toMatch(/^\/files\/\d+\?exp=/);
    await refused(CALLS.communityFileSave, { community_id: c.id, file_id: liFile }, "lilaoshi", 409, "该文件已在社区中");
    const list = await ok<Page<CommunityFileRow>>(CALLS.communityFileList, { community_id: c.id }, "wanglaoshi");
    expect(list.list.map((f) => [f.id, f.can_delete])).toEqual([[saved.id, false]]);
    expect((await ok<Page<CommunityFileRow>>(CALLS.communityFileList, { community_id: c.id, type: 1 }, "wanglaoshi")).total).toBe(0);
    await refused(CALLS.communityFileDelete, { id: saved.id }, "wanglaoshi", 403, "只有上传者或社区管理员可以删除该文件");
    await refused(CALLS.communityFileDelete, { id: 99999999 }, "wanglaoshi", 404);
    await ok(CALLS.communityFileDelete, { id: saved.id }, "zhanglaoshi");
    expect((await ok<Page<CommunityFileRow>>(CALLS.communityFileList, { community_id: c.id }, "lilaoshi")).total).toBe(0);
    // The upload stays in its owner's space.
    expect(await db().select().from(storedFile).where(eq(storedFile.id, liFile))).toHaveLength(1);
    expect((await logs(c.id)).map((l) => l.action).filter((a) => a.startsWith("file."))).toEqual(["file.save", "file.delete"]);
  });

  it("aiCourseList shows the analysed videos of members only", async () => {
    const c = await create("zhanglaoshi");
    expect((await ok<Page<CommunityAiCourseRow>>(CALLS.aiCourseList, { community_id: c.id })).total).toBe(0);
    const [f] = await db()
      .insert(storedFile)
      .values({
        storage_key: "test/v.mp4",
        real_file_name: "v.mp4",
        file_type: "mp4",
        kind: "video",
        mime: "video/mp4",
        size: 1,
        sha256: "x",
        module: "video",
        account_id: id("zhanglaoshi"),
      })
      .returning();
    const [done] = await db()
      .insert(video)
      .values([
        { name: "分析完成的课", account_id: id("zhanglaoshi"), source: "upload", file_id: f!.id, status: "ready", analysis_status: "done" },
        { name: "未分析的课", account_id: id("zhanglaoshi"), source: "upload", file_id: f!.id, status: "ready", analysis_status: "pending" },
        { name: "非成员的课", account_id: id("zhaolaoshi"), source: "upload", file_id: f!.id, status: "ready", analysis_status: "done" },
      ])
      .returning();
    const list = await ok<Page<CommunityAiCourseRow>>(CALLS.aiCourseList, { community_id: c.id });
    expect(list.list.map((v) => [v.name, v.account_name])).toEqual([["分析完成的课", "张老师"]]);
    expect(list.list[0]).toMatchObject({ course_id: 0, publish_status: 0, mode: null, rt: null });
    // With its analyses (#10): the newest finished one is named, with its mode — a later failed one does not hide it.
    const st = { available: true, mode: "对话型", rt: 0.5, ch: 0.45 };
    const base = { video_id: done!.id, name: "分析完成的课", account_id: id("zhanglaoshi"), creator_id: id("zhanglaoshi"), source: "local" };
    const [older] = await db()
      .insert(analysisCourse)
      .values({ ...base, status: 2, result: { st: { ...st, mode: "讲授型" } } as never, finished_at: new Date(Date.now() - 60_000) })
      .returning();
    const [newer] = await db()
      .insert(analysisCourse)
      .values({ ...base, status: 2, publish_status: 1, result: { st } as never, finished_at: new Date() })
      .returning();
    await db()
      .insert(analysisCourse)
      .values({ ...base, status: 3 });
    expect(older!.id).toBeLessThan(newer!.id);
    const again = await ok<Page<CommunityAiCourseRow>>(CALLS.aiCourseList, { community_id: c.id });
    expect(again.list[0]).toMatchObject({ course_id: newer!.id, publish_status: 1, mode: "对话型", rt: 0.5, ch: 0.45 });
  });
});

describe("demo data", () => {
  it("seeds communities of every level with one owner each and logs over the last four months", async () => {
    const demo = await seedDemoCommunities(db());
    expect(demo.ids.length).toBeGreaterThanOrEqual(10);
    const rows = await db().select().from(community).where(inArray(community.id, demo.ids));
    expect(new Set(rows.map((c) => c.level))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(rows.map((c) => c.type)).size).toBeGreaterThanOrEqual(3);
    expect(rows.some((c) => c.status === 0)).toBe(true);
    for (const c of demo.communities) {
      const m = await members(c.id);
      expect(m.filter((x) => x.role === 1).map((x) => x.account_id)).toEqual([c.owner_id]);
      expect(
        m
          .filter((x) => x.status === 1)
          .map((x) => x.account_id)
          .sort(),
      ).toEqual([...c.member_ids].sort());
    }
    const months = await db()
      .select({ m: sql<string>`to_char(${communityLog.created_at}, 'YYYY-MM')` })
      .from(communityLog)
      .where(inArray(communityLog.community_id, demo.ids))
      .groupBy(sql`1`);
    expect(months.length).toBeGreaterThanOrEqual(4);
    // The demo teachers own and join some; the rankings see them.
    const zhangs = await ok<Page<MyCommunityItem>>(CALLS.myCreateCommunity, { limit: 100 }, "zhanglaoshi");
    expect(zhangs.list.map((c) => c.name)).toContain("兴庆区初中语文名师工作室");
    const active = await ok<ActiveCommunityRow[]>(CALLS.activeCommunity, { days: 120, limit: 50 });
    expect(active.map((a) => a.id)).toEqual(expect.arrayContaining(demo.communities.filter((c) => c.status === 1).map((c) => c.id)));
    const ranking = await ok<RegionRankingRow[]>(CALLS.regionRanking, { days: 120 });
    expect(ranking.length).toBeGreaterThanOrEqual(3);
  });
});
