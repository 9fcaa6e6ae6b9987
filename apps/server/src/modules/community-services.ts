/**
 * The community edition's services (#7, #8, #9), built once by the composition root (app.ts, createCommunityServices)
 * and handed to the routes with CommunityDeps (types only: this file imports no module that could import it back).
 * Still built by their routes: the lesson plans (LessonCollab needs the app and its call host), the diagnosis (its
 * start and stop hooks), the live messaging (workman).
 */
import type { AfterClassService } from "./afterclass/afterclass.service.js";
import type { CensusService } from "./analysis/census.service.js";
import type { ArticleService } from "./article/article.service.js";
import type { CommunityService } from "./community/community.service.js";
import type { DiscussCommentService } from "./discuss/discuss-comment.service.js";
import type { HomeService } from "./home/home.service.js";
import type { IndicatorService } from "./listen/indicator.service.js";
import type { ListenTargetService } from "./listen/listen-target.service.js";
import type { ListenService } from "./listen/listen.service.js";
import type { MeetingService } from "./meeting/meeting.service.js";
import type { MessageService } from "./notice/message.service.js";
import type { NoticeService } from "./notice/notice.service.js";
import type { CollectService } from "./personal/collect.service.js";
import type { PersonalService } from "./personal/personal.service.js";
import type { ReflectService } from "./personal/reflect.service.js";
import type { PreparationDiscussService } from "./preparation/preparation-discuss.service.js";
import type { PreparationService } from "./preparation/preparation.service.js";
import type { TextbookService } from "./textbook/textbook.service.js";

export interface CommunityServices {
  communities: CommunityService;
  articles: ArticleService;
  reflects: ReflectService;
  collects: CollectService;
  notices: NoticeService;
  messages: MessageService;
  meetings: MeetingService;
  home: HomeService;
  personal: PersonalService;
  preparations: PreparationService;
  /** The discussion of a preparation (its replies, on the shared DiscussService). */
  preparationTalk: PreparationDiscussService;
  textbooks: TextbookService;
  /** Comments on listening records and after-class reflections (discuss calls, after-class calls). */
  discussComments: DiscussCommentService;
  listen: ListenService;
  indicators: IndicatorService;
  listenTargets: ListenTargetService;
  afterClass: AfterClassService;
  census: CensusService;
}
