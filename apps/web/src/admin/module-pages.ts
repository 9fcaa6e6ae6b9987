/**
 * The lazy pages of the administration modules (#12), one chunk per file:
 *   questionnaire/ (问卷管理 and 我的问卷, the answering page — also NINGXIA's /add —, a community's 问卷 tab),
 *   training/ (培训管理, 我的培训, a programme's study page), report/ (报表统计), admin/software (软件版本).
 */
import { lazy } from "react";

export const QuestionnaireManagePage = lazy(() => import("../questionnaire/QuestionnaireManagePage").then((m) => ({ default: m.QuestionnaireManagePage })));
export const MyQuestionnairePage = lazy(() => import("../questionnaire/QuestionnaireManagePage").then((m) => ({ default: m.MyQuestionnairePage })));
export const QuestionnaireAnswerPage = lazy(() => import("../questionnaire/QuestionnaireAnswerPage").then((m) => ({ default: m.QuestionnaireAnswerPage })));
export const CommunityQuestionnairePage = lazy(() =>
  import("../questionnaire/CommunityQuestionnairePage").then((m) => ({ default: m.CommunityQuestionnairePage })),
);
export const TrainingManagePage = lazy(() => import("../training/TrainingManagePage").then((m) => ({ default: m.TrainingManagePage })));
export const MyTrainingPage = lazy(() => import("../training/MyTrainingPage").then((m) => ({ default: m.MyTrainingPage })));
export const TrainingDetailPage = lazy(() => import("../training/MyTrainingPage").then((m) => ({ default: m.TrainingDetailPage })));
export const ReportManagePage = lazy(() => import("../report/ReportManagePage").then((m) => ({ default: m.ReportManagePage })));
export const SoftwareVersionPage = lazy(() => import("./software/SoftwareVersionPage").then((m) => ({ default: m.SoftwareVersionPage })));
