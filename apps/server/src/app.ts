import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { CALLS, type ClientConfig, Code, GET_ROUTES } from "@yanke/protocol";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { type CallHost, reply, tokenOf } from "./http/call.js";
import { AppError, isUniqueViolation } from "./http/errors.js";
import type { Services } from "./services.js";
import { buildOpenApi } from "./http/openapi.js";
import type { CounterStore } from "./infra/counter.js";
import { accountAdminRoutes } from "./modules/account/account-admin.routes.js";
import { AccountAdminService } from "./modules/account/account-admin.service.js";
import { accountRoutes } from "./modules/account/account.routes.js";
import { AccountService } from "./modules/account/account.service.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { AuthService } from "./modules/auth/auth.service.js";
import { SsoService } from "./modules/auth/sso.service.js";
import { LoginThrottle } from "./modules/auth/throttle.js";
import { OrgService } from "./modules/org/org.service.js";
import { classRoutes } from "./modules/org/class.routes.js";
import { ClassService } from "./modules/org/class.service.js";
import { OrgAccess, PeriodService } from "./modules/org/period.service.js";
import { StudentService } from "./modules/org/student.service.js";
import { platformRoutes } from "./modules/platform/platform.routes.js";
import { PlatformService } from "./modules/platform/platform.service.js";
import { quotaRoutes } from "./modules/quota/quota.routes.js";
import { QuotaService } from "./modules/quota/quota.service.js";
import { orgAdminRoutes } from "./modules/org/org-admin.routes.js";
import { RegionService } from "./modules/org/region.service.js";
import { SchoolService } from "./modules/org/school.service.js";
import { EsDirectory } from "./modules/teacher/es-directory.js";
import { LocalDirectory, RosterService, type TeacherDirectory } from "./modules/teacher/local-directory.js";
import { deriveKey } from "./infra/server-secret.js";
import type { ObjectStore } from "./infra/storage/index.js";
import { fileRoutes } from "./modules/file/file.routes.js";
import { FileService } from "./modules/file/file.service.js";
import { rosterRoutes, teacherRoutes } from "./modules/teacher/teacher.routes.js";
import { TeacherService } from "./modules/teacher/teacher.service.js";
import { deviceRoutes } from "./modules/equipment/device.routes.js";
import { LiveIngest, createPlaybackSigner, liveRoutes } from "./modules/live/index.js";
import { equipmentRoutes } from "./modules/equipment/equipment.routes.js";
import { EquipmentService } from "./modules/equipment/equipment.service.js";
import { createMedia, recordingRoutes, videoRoutes } from "./modules/recording/index.js";
import { communityDeps, communityEditionRoutes } from "./modules/community-edition.js";
import { applyRoutes } from "./modules/rbac/apply.routes.js";
import { ApplyService } from "./modules/rbac/apply.service.js";
import { rbacRoutes } from "./modules/rbac/rbac.routes.js";
import { analysisRoutes } from "./modules/analysis/analysis.routes.js";
import { censusRoutes } from "./modules/analysis/census.routes.js";
import { createAnalysis } from "./modules/analysis/module.js";
import { frontSiteRoutes } from "./modules/front-site.js";
import { adminModuleRoutes } from "./modules/admin-modules.js";
import { setPdfFont } from "./infra/pdf.js";
import { discussServiceOf } from "./modules/discuss/discuss-comment.service.js";
import { RbacService } from "./modules/rbac/rbac.service.js";
import { ActivityService } from "./modules/activity/activity.service.js";
import type { CommunityDeps } from "./modules/community-deps.js";
import type { CommunityServices } from "./modules/community-services.js";
import { activityServiceOf } from "./modules/activity/activity.routes.js";
import { AfterClassService } from "./modules/afterclass/afterclass.service.js";
import { CensusService } from "./modules/analysis/census.service.js";
import { ArticleService } from "./modules/article/article.service.js";
import { CommunityService } from "./modules/community/community.service.js";
import { DiscussCommentService } from "./modules/discuss/discuss-comment.service.js";
import { DiscussService } from "./modules/discuss/discuss.service.js";
import { HomeService } from "./modules/home/home.service.js";
import { IndicatorService } from "./modules/listen/indicator.service.js";
import { ListenTargetService } from "./modules/listen/listen-target.service.js";
import { ListenService } from "./modules/listen/listen.service.js";
import { MeetingService } from "./modules/meeting/meeting.service.js";
import { meetingProviders } from "./modules/meeting/providers/index.js";
import { MessageService } from "./modules/notice/message.service.js";
import { NoticeService } from "./modules/notice/notice.service.js";
import { CollectService } from "./modules/personal/collect.service.js";
import { PersonalService } from "./modules/personal/personal.service.js";
import { ReflectService } from "./modules/personal/reflect.service.js";
import { PreparationDiscussService } from "./modules/preparation/preparation-discuss.service.js";
import { PreparationService } from "./modules/preparation/preparation.service.js";
import { TextbookService } from "./modules/textbook/textbook.service.js";
import { listenAccessOf } from "./modules/listen/listen-access.js";
import { FrontService } from "./modules/portal/front.service.js";
import { PortalService } from "./modules/portal/portal.service.js";
import { QuestionnaireService } from "./modules/questionnaire/questionnaire.service.js";
import { ReportService } from "./modules/report/report.service.js";
import { ResourceService } from "./modules/resource/resource.service.js";
import { ReviewService } from "./modules/review/review.service.js";
import type { AdminModuleServices, FrontSiteServices } from "./modules/site-deps.js";
import { SoftwareService } from "./modules/software/software.service.js";
import { TopicService } from "./modules/topic/topic.service.js";
import { TrainingService } from "./modules/training/training.service.js";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, "../../web/dist");
const VERSION: string = JSON.parse(readFileSync(path.resolve(here, "../package.json"), "utf8")).version;

export interface AppDeps {
  config: Config;
  database: Database;
  counters: CounterStore;
  /** Where uploaded files live (local DATA_DIR/files or S3). */
  store: ObjectStore;
  /** The server's own secret (infra/server-secret.ts): keys of signed addresses and, without LICENSE_KEY, of licences. */
  serverSecret: Buffer;
}

export type { Services };

export function createServices({ config, database, counters, store, serverSecret }: AppDeps, live: LiveIngest = new LiveIngest()): Services {
  const db = database.db;
  const accounts = new AccountService(db);
  const org = new OrgService(db);
  const rbac = new RbacService(db, {
    accountsInGroup: (id) => accounts.countInGroup(id),
    accountCountsByGroup: (ids) => accounts.countsByGroup(ids),
    schoolsInScope: (who) => org.schoolsInScope(who),
    schoolTitles: (ids) => org.schoolTitles(ids),
  });
  const apply = new ApplyService(db, rbac);
  const quota = new QuotaService(db, org);
  const throttle = new LoginThrottle(counters, config.throttle);
  const auth = new AuthService({
    db,
    accounts,
    rbac,
    org,
    throttle,
    sessionTtlMs: config.sessionTtlMs,
    singleSession: config.singleSession,
    defaultHome: config.whitelistHome || "/foreground",
    space: (id) => quota.ownSpace(id),
  });
  const sso = config.oidc ? new SsoService(config.oidc, db, accounts, auth) : undefined;
  const accountAdmin = new AccountAdminService(db, accounts, rbac, org, auth, quota);
  // The regional directory: the remote one when ES_DIRECTORY_URL is set, else the local roster (decision 0443).
  const directory: TeacherDirectory = config.esDirectory.url
    ? new EsDirectory({ baseUrl: config.esDirectory.url, token: config.esDirectory.token })
    : new LocalDirectory(db);
  const roster = new RosterService(db, directory, (c) => org.schoolsInScope(c));
  const teachers = new TeacherService({
    accounts,
    directory,
    schools: { idOf: (code) => org.schoolIdByCode(code), codeOf: (id) => org.schoolCode(id) },
    // Binding someone else's account: whoever may update that account (rule and scope).
    mayManage: async (actor, targetId) => {
      const me = await accounts.subject(actor.accountId);
      return rbac.authorize(me, CALLS.accountUpdate).then(
        () =>
          accountAdmin.read(me, targetId).then(
            () => true,
            () => false,
          ),
        () => false,
      );
    },
    teacherGroupId: () => rbac.defaultTeacherGroup(),
  });
  const orgPorts = {
    accountsInSchool: (id: number) => accounts.countInSchool(id),
    accountsWithRegionCode: (code: string) => accounts.countWithRegionCode(code),
  };
  const regions = new RegionService(db, orgPorts);
  const schools = new SchoolService(db, org, regions, orgPorts);
  const orgAccess = new OrgAccess(org, accounts);
  const periods = new PeriodService(db, orgAccess);
  const classes = new ClassService(db, orgAccess, accounts);
  const students = new StudentService(db, orgAccess);
  const platform = new PlatformService(db, org, accounts, { serverSecret, licenseKey: config.licenseKey });
  const files = new FileService({
    db,
    store,
    quota,
    schoolsInScope: (a) => org.schoolsInScope(a),
    schoolOf: async (id) => (await accounts.byId(id))?.school_id ?? 0,
    signingKey: deriveKey(serverSecret, "files"),
    ttlMs: config.uploads.ttlMs,
    mergeLeaseMs: config.uploads.mergeLeaseMs,
    soffice: config.uploads.soffice,
    ffprobe: config.uploads.ffprobe,
  });
  const equipment = new EquipmentService({ db, org, accounts, devices: config.devices, access: orgAccess });
  const media = createMedia({
    db,
    org,
    equipment,
    files,
    store,
    live,
    dataDir: config.dataDir,
    ffmpeg: config.uploads.ffmpeg,
    ffprobe: config.uploads.ffprobe,
    signingKey: deriveKey(serverSecret, "video"),
  });
  return {
    accounts,
    rbac,
    apply,
    org,
    auth,
    accountAdmin,
    teachers,
    roster,
    files,
    regions,
    schools,
    quota,
    periods,
    classes,
    students,
    platform,
    equipment,
    media,
    throttle,
    sso,
  };
}

/** The community edition's services (#7, #8, #9), built once over its deps (the shared ActivityService and DiscussService included). */
export function createCommunityServices(community: CommunityDeps): CommunityServices {
  const activities = activityServiceOf(community);
  // The shared instance: its saves and deletes are pushed to the preparation's live group (#9).
  const discuss = discussServiceOf(community);
  const preparations = new PreparationService(community, activities, discuss);
  const discussComments = new DiscussCommentService(community);
  return {
    communities: new CommunityService(community),
    articles: new ArticleService(community.db, community.access),
    reflects: new ReflectService(community.db, community.access),
    collects: new CollectService(community.db, community.access, community.org),
    notices: new NoticeService(community.db, community.access, community.now),
    messages: new MessageService(community.db, community.now),
    meetings: new MeetingService(community.db, community.access, meetingProviders(community.config), community.now, activities),
    home: new HomeService(community.db, activities, community.now),
    personal: new PersonalService({ db: community.db, signedPath: (id) => community.files.signedPath(id) }),
    preparations,
    preparationTalk: new PreparationDiscussService(community.db, community.preparations, community.access, discuss),
    textbooks: new TextbookService(community),
    discussComments,
    // Listening keeps its own DiscussService over the same deps (as before the composition root).
    listen: new ListenService(
      community,
      listenAccessOf(community),
      activities,
      new DiscussService(community.db, community.files, community.now, community.live),
    ),
    indicators: new IndicatorService(community.db),
    listenTargets: new ListenTargetService(community.db),
    afterClass: new AfterClassService(community, activities, discussComments.discuss),
    census: new CensusService(community),
  };
}

/** The front site's (#11) and the administration modules' (#12) services, built once over the shared services. */
export function createSiteServices(services: Services, community: CommunityDeps): { site: FrontSiteServices; admin: AdminModuleServices } {
  const site: FrontSiteServices = {
    resources: new ResourceService({ db: community.db, org: services.org, files: services.files, videos: services.media.videos }),
    reviews: new ReviewService({ db: community.db, files: services.files, videos: services.media.videos, subject: (id) => services.accounts.subject(id) }),
    topics: new TopicService({ db: community.db, org: services.org, videos: services.media.videos, community }),
    portal: new PortalService({
      db: community.db,
      org: services.org,
      listen: listenAccessOf(community),
      offlineAfterSeconds: community.config.devices.offlineAfterSeconds,
      now: () => new Date(),
    }),
    front: new FrontService({
      db: community.db,
      videoRow: (id) => services.media.videos.row(id),
      signPlayback: (p) => community.signPlayback(p),
      now: () => community.now(),
    }),
  };
  const admin: AdminModuleServices = {
    questionnaires: new QuestionnaireService({
      db: community.db,
      subject: (id) => services.accounts.subject(id),
      // Its own ActivityService, as before the composition root (not the community edition's activityServiceOf).
      activities: new ActivityService(community.db, community.access, community.now),
      now: community.now,
    }),
    training: new TrainingService({ db: community.db, files: services.files, videos: services.media.videos, subject: (id) => services.accounts.subject(id) }),
    reports: new ReportService(community.db, (id) => services.accounts.subject(id)),
    software: new SoftwareService({ db: community.db, files: services.files, accounts: services.accounts, org: services.org }),
  };
  // c103/c104 take their versions from the registry.
  services.equipment.versions = admin.software;
  return { site, admin };
}

export function clientConfig(config: Config): ClientConfig {
  return {
    appKey: config.appKey,
    edition: config.edition,
    historyMode: config.historyMode,
    whitelistHome: config.whitelistHome,
    sso: { enabled: Boolean(config.oidc), authorizeUrl: config.oidc ? GET_ROUTES.ssoStart : "" },
    defaultPath: config.defaultPath,
    fullScreenPaths: config.fullScreenPaths,
    showVersionName: config.showVersionName,
    platformName: config.platformName,
    dataCockpitUrl: config.dataCockpitUrl,
  };
}

const API_PREFIXES = ["/middle/", "/v2/", "/web/", "/research/", "/file/"];

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services; live: LiveIngest }> {
  const { config } = deps;
  if (config.pdfFont) setPdfFont(config.pdfFont);
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: true,
    // On shutdown every connection goes, a long upload or download included: chunked uploads resume, ranges restart.
    forceCloseConnections: true,
  });
  const live = new LiveIngest();
  const services = createServices(deps, live);
  const host: CallHost = {
    appKey: config.appKey,
    allowRaw: config.allowRaw,
    resolveToken: (t) => services.auth.resolve(t),
    authorize: async (auth, rule, caller) => services.rbac.authorize(await (caller ? caller() : services.accounts.subject(auth.accountId)), rule),
    caller: (auth) => services.accounts.subject(auth.accountId),
    registry: [],
  };

  app.setErrorHandler((err: FastifyError | AppError | Error, req, res) => {
    if (err instanceof AppError) {
      if (err.code === Code.TOO_MANY && typeof err.data === "object" && err.data && "retry_after" in err.data) {
        res.header("retry-after", String(err.data.retry_after));
      }
      return reply(res, err.code, err.message, err.data);
    }
    // A uniqueness check raced with a concurrent save: the database's unique index had the last word.
    if (isUniqueViolation(err)) return reply(res, Code.CONFLICT, "记录已存在（名称或编号重复），请刷新后重试", null);
    const fe = err as FastifyError;
    if (fe.code === "FST_ERR_CTP_BODY_TOO_LARGE") return reply(res, Code.TOO_LARGE, "请求体过大", null);
    if (fe.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return reply(res, Code.BAD_INPUT, "请求体类型不支持，请使用 application/json", null);
    if (fe.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return reply(res, Code.BAD_INPUT, "请求体为空", null);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply(res, Code.BAD_INPUT, fe.code?.startsWith("FST_ERR_CTP") || err instanceof SyntaxError ? "请求体不是有效的 JSON" : "请求无效", null);
    }
    req.log.error({ err }, "unhandled error");
    return res.code(500).send({ code: Code.SERVER_ERROR, msg: "服务器内部错误，请联系管理员", data: null });
  });

  app.get(GET_ROUTES.health, async () => ({ status: "ok", database: deps.database.kind, counters: deps.counters.kind }));
  app.get(GET_ROUTES.clientConfig, async (_req, res) =>
    res
      .header("content-type", "application/javascript; charset=utf-8")
      .header("cache-control", "no-store")
      .send(`window.__YANKE_CONFIG__ = ${JSON.stringify(clientConfig(config))};\n`),
  );
  app.get(GET_ROUTES.openapi, async () => buildOpenApi(host.registry, VERSION));

  authRoutes(app, host, services);
  accountRoutes(app, host, services);
  rbacRoutes(app, host, services);
  applyRoutes(app, host, services);
  accountAdminRoutes(app, host, services);
  teacherRoutes(app, host, services);
  rosterRoutes(app, host, services);
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 40, fieldSize: 64 * 1024, parts: 50 } });
  fileRoutes(app, host, services);
  orgAdminRoutes(app, host, services);
  quotaRoutes(app, host, services);
  classRoutes(app, host, services);
  platformRoutes(app, host, services);
  equipmentRoutes(app, host, services);
  deviceRoutes(app, services.equipment);
  recordingRoutes(app, host, { ...services.media, accounts: services.accounts });
  videoRoutes(app, host, { videos: services.media.videos, accounts: services.accounts });
  // Signed live playback addresses (keyed on the server secret — browsers hold APP_KEY): devices (#6) and remote
  // listening (#9) hand them to the people they let watch.
  const signer = createPlaybackSigner({ secret: deriveKey(deps.serverSecret, "live") });
  // The community edition (#7): communities, articles, notices, meetings, activities, statistics, personal centre.
  const community = communityDeps({
    db: deps.database.db,
    config,
    org: services.org,
    accounts: services.accounts,
    files: services.files,
    quota: services.quota,
    signPlayback: (p) => signer.sign(p),
  });
  const communityServices = createCommunityServices(community);
  communityEditionRoutes(app, host, community, communityServices);
  // AI lesson analysis (#10): the course calls and the job queue (started when the app is ready), and the census.
  const analysis = createAnalysis({
    db: deps.database.db,
    store: deps.store,
    config,
    org: services.org,
    videos: services.media.videos,
    discuss: discussServiceOf(community),
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) },
  });
  services.analysis = analysis;
  analysisRoutes(app, host, analysis, services.accounts);
  censusRoutes(app, host, community, communityServices);
  // The front site and the school resource area (#11): resources, review activities, topics, screens and portraits.
  const { site, admin } = createSiteServices(services, community);
  frontSiteRoutes(app, host, { services, community, analysis, site });
  // The administration modules (#12): questionnaires, training, statistical reports, software versions.
  adminModuleRoutes(app, host, { services, community, analysis, admin });

  // Live video (#6, docs/live.md): the RTMP ingest is started by server.ts; playback needs a session that sees the
  // device, or a signed address (keyed on the server secret — browsers hold APP_KEY).
  services.equipment.playbackSigner = (p) => signer.sign(p);
  services.equipment.onRevoke((id) => void live.disconnect(id));
  liveRoutes(app, {
    ingest: live,
    mayWatch: async (req, id) => {
      if (signer.verify(req.url)) return true;
      const token = tokenOf(req);
      if (!token) return false;
      const auth = await services.auth.resolve(token).catch(() => null);
      return auth ? services.equipment.mayWatch(await services.accounts.subject(auth.accountId), id) : false;
    },
  });

  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, "index.html"));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root: webDist, prefix: "/", wildcard: true, index: ["index.html"] });
  }

  app.setNotFoundHandler((req, res) => {
    const url = req.url.split("?")[0] ?? "";
    const isApi = req.method !== "GET" || API_PREFIXES.some((p) => url.startsWith(p));
    if (isApi) return reply(res, Code.NOT_FOUND, `接口不存在：${req.method} ${url}`, null);
    if (!hasWeb) {
      return res
        .code(503)
        .type("text/html; charset=utf-8")
        .send("<!doctype html><meta charset=utf-8><title>研课</title><p>前端尚未构建：请运行 <code>npm run build</code> 后重启。</p>");
    }
    if (path.extname(url)) return res.code(404).type("text/plain; charset=utf-8").send("文件不存在");
    return res.type("text/html; charset=utf-8").sendFile("index.html");
  });

  return { app, services, live };
}
