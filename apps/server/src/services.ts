/**
 * The services the composition root (app.ts, createServices) builds once and hands to the route registrations
 * (types only: this file imports no module that could import it back).
 */
import type { AccountAdminService } from "./modules/account/account-admin.service.js";
import type { AccountService } from "./modules/account/account.service.js";
import type { AnalysisModule } from "./modules/analysis/module.js";
import type { AuthService } from "./modules/auth/auth.service.js";
import type { SsoService } from "./modules/auth/sso.service.js";
import type { LoginThrottle } from "./modules/auth/throttle.js";
import type { EquipmentService } from "./modules/equipment/equipment.service.js";
import type { FileService } from "./modules/file/file.service.js";
import type { ClassService } from "./modules/org/class.service.js";
import type { OrgService } from "./modules/org/org.service.js";
import type { PeriodService } from "./modules/org/period.service.js";
import type { RegionService } from "./modules/org/region.service.js";
import type { SchoolService } from "./modules/org/school.service.js";
import type { StudentService } from "./modules/org/student.service.js";
import type { PlatformService } from "./modules/platform/platform.service.js";
import type { QuotaService } from "./modules/quota/quota.service.js";
import type { ApplyService } from "./modules/rbac/apply.service.js";
import type { RbacService } from "./modules/rbac/rbac.service.js";
import type { MediaServices } from "./modules/recording/index.js";
import type { RosterService } from "./modules/teacher/local-directory.js";
import type { TeacherService } from "./modules/teacher/teacher.service.js";

export interface Services {
  accounts: AccountService;
  rbac: RbacService;
  apply: ApplyService;
  org: OrgService;
  auth: AuthService;
  accountAdmin: AccountAdminService;
  teachers: TeacherService;
  roster: RosterService;
  files: FileService;
  regions: RegionService;
  schools: SchoolService;
  quota: QuotaService;
  periods: PeriodService;
  classes: ClassService;
  students: StudentService;
  platform: PlatformService;
  /** Classroom devices (#6): registry, heartbeat, StreamAuthority of the RTMP ingest. */
  equipment: EquipmentService;
  /** Timetables, the recorder, supervision, videos (#6 recording and video on demand; modules/recording/index.ts). */
  media: MediaServices;
  throttle: LoginThrottle;
  sso: SsoService | undefined;
  /** AI lesson analysis (#10): access, the course calls and the job queue (set by buildApp). */
  analysis?: AnalysisModule;
}
