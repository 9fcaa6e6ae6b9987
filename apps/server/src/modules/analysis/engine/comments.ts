/** AI comments on a lesson from its analysis (c291 aiListenCommentInfo, report summaries). Pure. OWNER: engine-metrics helper. */
import type { AiComment, AnalysisResult } from "@yanke/protocol";

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
const minutes = (sec: number) => (sec >= 60 ? `${Math.round(sec / 6) / 10} 分钟` : `${Math.round(sec)} 秒`);

/**
 * Chinese comments, one or more per available section; none for unavailable sections. The levels and thresholds
 * (docs/analysis-method.md §评语):
 * - 教学模式 (st): 对话型 and 混合型 good; 练习型 fair; 讲授型 fair when Rt < 0.85, else weak.
 * - 师生话语 (speech): teacher share ≤ 60 % good, ≤ 75 % fair, else weak.
 * - 学生发言 (transcript): student lines ≥ 30 % of the lines good, ≥ 15 % fair, else weak.
 * - 提问 (talk): no question weak; open share ≥ 30 % good, ≥ 15 % fair, else weak.
 * - 候答时间 (talk, answered questions): mean wait ≥ 3 s good, ≥ 1 s fair, else weak.
 * - 理答 (talk, answered questions): share without response ≤ 20 % and some follow-up good; ≤ 50 % fair; else weak.
 * - 对话深度 (talk): longest chain ≥ 3 good, 2 fair, ≤ 1 weak.
 * - 课堂互动 (fias): indirect/direct ≥ 1 good, ≥ 0.5 fair, else weak (no direct talk: good).
 * - 自主学习 (autonomous): ≥ 20 % good, ≥ 10 % fair, else weak.
 * - 课堂行为 (behavior): time among the students ≥ 20 % good, ≥ 5 % fair, else weak.
 * - 指标评分 (scoring, with judged items): total / full ≥ 85 % good, ≥ 60 % fair, else weak.
 */
export function lessonComments(result: AnalysisResult): AiComment[] {
  const out: AiComment[] = [];
  const { st, speech, talk, fias, autonomous, behavior, scoring } = result;

  if (st.available) {
    const level = st.mode === "对话型" || st.mode === "混合型" ? "good" : st.mode === "练习型" ? "fair" : st.rt < 0.85 ? "fair" : "weak";
    const why: Record<string, string> = {
      练习型: "教师讲授较少，学生练习、活动时间充分，宜关注练习中的指导与反馈",
      讲授型: "以教师讲授为主，建议增加提问、讨论等学生活动",
      对话型: "师生行为转换频繁，课堂以对话交流为主",
      混合型: "讲授与学生活动兼顾",
    };
    out.push({
      dimension: "教学模式",
      level,
      text: `按 S-T 分析（每 ${st.interval} 秒采样，共 ${st.n} 个样本），教师行为占有率 Rt = ${st.rt}，师生行为转换率 Ch = ${st.ch}，属于${st.mode}教学：${why[st.mode]}。`,
    });
  }

  if (speech.available) {
    const t = speech.teacher_ratio;
    const level = t <= 0.6 ? "good" : t <= 0.75 ? "fair" : "weak";
    const advice =
      level === "good"
        ? "学生有较多表达和活动的时间"
        : level === "fair"
          ? "教师讲话时间偏多，可适当把时间留给学生"
          : "教师讲话时间过多，学生表达和活动的时间不足";
    out.push({
      dimension: "师生话语",
      level,
      text: `教师讲话 ${minutes(speech.teacher_seconds)}（${pct(t)}），学生发言 ${minutes(speech.student_seconds)}（${pct(speech.student_ratio)}），安静或练习 ${minutes(speech.silence_seconds)}（${pct(speech.silence_ratio)}）；${advice}。`,
    });
  }

  if (result.transcript.available && result.transcript.lines.length > 0) {
    const ls = result.transcript.lines;
    const students = ls.filter((l) => l.role === "S").length;
    const share = students / ls.length;
    const level = share >= 0.3 ? "good" : share >= 0.15 ? "fair" : "weak";
    out.push({
      dimension: "学生发言",
      level,
      text: `课堂实录共 ${ls.length} 句，教师 ${ls.length - students} 句，学生发言 ${students} 句（${pct(share)}）${level === "weak" ? "，学生发言机会偏少" : ""}。`,
    });
  }

  if (talk.available) {
    const qs = talk.questions;
    if (qs.length === 0) {
      out.push({ dimension: "提问", level: "weak", text: "课堂实录中没有识别到教师提问，建议设计有层次的问题引导学生思考。" });
    } else {
      const open = qs.filter((q) => q.kind === "open").length;
      const level = talk.open_ratio >= 0.3 ? "good" : talk.open_ratio >= 0.15 ? "fair" : "weak";
      const per10 = result.duration > 0 ? (qs.length / (result.duration / 600)).toFixed(1) : "—";
      const advice = level === "good" ? "问题有一定开放度" : "以封闭性问题为主，可多提“为什么”“怎么想的”一类开放性问题";
      out.push({
        dimension: "提问",
        level,
        text: `教师提问 ${qs.length} 个（每 10 分钟 ${per10} 个），其中开放性问题 ${open} 个（${pct(talk.open_ratio)}），封闭性问题 ${qs.length - open} 个；${advice}。`,
      });
      const answered = qs.filter((q) => q.answered);
      if (talk.avg_wait !== null) {
        const w = talk.avg_wait;
        const lv = w >= 3 ? "good" : w >= 1 ? "fair" : "weak";
        out.push({
          dimension: "候答时间",
          level: lv,
          text: `提问后到有人说话的平均等待时间为 ${w} 秒${lv === "good" ? "，给了学生思考的时间" : "，建议提问后留出 3 秒以上的思考时间"}。`,
        });
      }
      if (answered.length > 0) {
        const none = talk.lida.none;
        const lv = none / answered.length <= 0.2 && talk.lida.follow_up > 0 ? "good" : none / answered.length <= 0.5 ? "fair" : "weak";
        out.push({
          dimension: "理答",
          level: lv,
          text: `学生回答 ${answered.length} 次，教师表扬肯定 ${talk.lida.praise} 次、追问 ${talk.lida.follow_up} 次、纠正 ${talk.lida.correction} 次、重复 ${talk.lida.repetition} 次、无理答 ${none} 次${lv === "good" ? "，反馈及时并有追问" : talk.lida.follow_up === 0 ? "，可在学生回答后多追问，引导深入思考" : "，部分回答没有得到反馈"}。`,
        });
      } else {
        out.push({ dimension: "理答", level: "weak", text: `教师提问 ${qs.length} 个，但没有识别到学生回答，课堂问答互动不足。` });
      }
      const d = talk.max_depth;
      const lvd = d >= 3 ? "good" : d === 2 ? "fair" : "weak";
      out.push({
        dimension: "对话深度",
        level: lvd,
        text: `共有 ${talk.chains.length} 条问答链，最长 ${d} 轮，平均 ${talk.mean_depth} 轮${lvd === "good" ? "，师生对话有一定深度" : "，对话多停留在一问一答，可通过连续追问加深讨论"}。`,
      });
    }
  }

  if (fias.available) {
    const id = fias.ratios.indirect_direct;
    const level = id === null || id >= 1 ? "good" : id >= 0.5 ? "fair" : "weak";
    out.push({
      dimension: "课堂互动",
      level,
      text: `弗兰德斯互动分析（每 ${fias.interval} 秒编码）：教师语言占 ${pct(fias.ratios.teacher_talk)}，学生语言占 ${pct(fias.ratios.student_talk)}，沉寂或混乱占 ${pct(fias.ratios.silence)}；间接影响与直接影响之比 ${id === null ? "无法计算（没有讲授、指令或批评）" : id}${level === "good" ? "，教师较多采用提问、鼓励和接纳学生观点的方式" : "，教师以讲授和指令为主，可更多接纳和利用学生的观点"}。`,
    });
  }

  if (autonomous.available) {
    const level = autonomous.ratio >= 0.2 ? "good" : autonomous.ratio >= 0.1 ? "fair" : "weak";
    out.push({
      dimension: "自主学习",
      level,
      text: `连续 ${autonomous.min_seconds} 秒以上无教师讲话的时段 ${autonomous.spans.length} 段，共 ${minutes(autonomous.total_seconds)}（${pct(autonomous.ratio)}）${level === "good" ? "，学生有较充分的自主学习时间" : "，学生自主练习、讨论的时间偏少"}。`,
    });
  }

  if (behavior.available) {
    const a = behavior.zones.among_students;
    const level = a >= 0.2 ? "good" : a >= 0.05 ? "fair" : "weak";
    out.push({
      dimension: "课堂行为",
      level,
      text: `教师在讲台前的时间占 ${pct(behavior.zones.front)}，在黑板附近占 ${pct(behavior.zones.board)}，走到学生中间占 ${pct(a)}${level === "good" ? "，巡视指导较多" : "，可多走下讲台巡视指导"}。`,
    });
  }

  if (scoring.available && scoring.judged > 0) {
    const rate = scoring.full > 0 ? scoring.total / scoring.full : 0;
    const level = rate >= 0.85 ? "good" : rate >= 0.6 ? "fair" : "weak";
    out.push({
      dimension: "指标评分",
      level,
      text: `按「${scoring.scheme_name}」可由录像评定 ${scoring.judged} 项，得 ${scoring.total} 分（满分 ${scoring.full} 分，${pct(rate)}）；另有 ${scoring.unjudged} 项需要人工评价。`,
    });
  }
  return out;
}
