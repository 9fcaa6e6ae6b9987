import { describe, expect, it } from "vitest";
import { TranscriptError, assignLineRoles, parseTranscript } from "./transcript.js";

describe("transcript import", () => {
  it("SRT with BOM, CRLF, multi-line cues, speaker prefixes and a broken cue", () => {
    const srt =
      "\uFEFF1\r\n00:00:01,000 --> 00:00:04,500\r\n老师：同学们好，\r\n今天我们学习分数。\r\n\r\n2\r\n00:00:05,000 --> 00:00:06,000\r\n学生甲：老师好。\r\n\r\n3\r\nbroken --> line\r\n坏的条目\r\n\r\n4\r\n00:00:08,000 --> 00:00:07,000\r\n倒过来的时间\r\n\r\n\r\n5\r\n00:01:02,250 --> 00:01:03,000\r\n什么是分数？\r\n";
    const r = parseTranscript(srt, "lesson.srt", 120);
    expect(r.source).toBe("srt");
    expect(r.lines).toEqual([
      { start: 1, end: 4.5, text: "同学们好，今天我们学习分数。", role: "T" },
      { start: 5, end: 6, text: "老师好。", role: "S" },
      { start: 62.25, end: 63, text: "什么是分数？", role: null },
    ]);
  });

  it("WebVTT: header, NOTE, cue ids, settings, <v> voices and tags", () => {
    const vtt =
      "WEBVTT - lesson\n\nNOTE 这是注释 --> 不是条目\n\nintro\n00:01.000 --> 00:03.000 align:start\n<v 老师>请大家<b>打开</b>课本。</v>\n\n00:00:04.000 --> 00:00:05.500\n<v 学生>好的。\n\n00:06.000 --> 00:07.000\nS：第二十页\n";
    const r = parseTranscript(vtt, "a.VTT", 60);
    expect(r.source).toBe("vtt");
    expect(r.lines).toEqual([
      { start: 1, end: 3, text: "请大家打开课本。", role: "T" },
      { start: 4, end: 5.5, text: "好的。", role: "S" },
      { start: 6, end: 7, text: "第二十页", role: "S" },
    ]);
  });

  it("timed TXT: [hh:mm:ss], mm:ss, ranges; an untimed line between two times is placed between them", () => {
    const txt = "[00:00:10] 老师：什么是质数？\n\n00:20 生：只能被1和它本身整除的数。\n师：很好。\n[00:00:40 - 00:00:45] T: 还有呢？\n";
    const r = parseTranscript(txt, "实录.txt", 60);
    expect(r.source).toBe("txt");
    expect(r.timed).toBe(true);
    // line 1 starts at 10; it has 5 characters → estimated 5/4 = 1.25 s, earlier than the next start (20) → ends 11.25
    expect(r.lines[0]).toEqual({ start: 10, end: 11.25, text: "什么是质数？", role: "T" });
    // line 2 at 20: 12 characters (只能被1和它本身整除的数) → 3 s → ends 23
    expect(r.lines[1]).toEqual({ start: 20, end: 23, text: "只能被1和它本身整除的数。", role: "S" });
    // untimed line 3 between 20 and 40 → 30; 2 characters → max(1, 0.5) = 1 s
    expect(r.lines[2]).toEqual({ start: 30, end: 31, text: "很好。", role: "T" });
    expect(r.lines[3]).toEqual({ start: 40, end: 45, text: "还有呢？", role: "T" });
  });

  it("untimed TXT: lines spread in order over the duration by their characters", () => {
    // 4 + 2 + 4 = 10 characters over 100 s → 40, 20, 40 s
    const r = parseTranscript("老师：今天上课\n学生：好的\n\n不分角色\n", "plain.txt", 100);
    expect(r.timed).toBe(false);
    expect(r.lines.map((l) => [l.start, l.end, l.role])).toEqual([
      [0, 40, "T"],
      [40, 60, "S"],
      [60, 100, null],
    ]);
    // with "不分角色的话" (6 characters): 4 + 2 + 6 = 12 → 33.33, 16.67, 50 s
    const r2 = parseTranscript("老师：今天上课\n学生：好的\n不分角色的话", "plain.txt", 100);
    expect(r2.lines[1]!.start).toBe(33.333); // times are kept to the millisecond
  });

  it("SRT without blank lines between cues: the index before a timing line is dropped", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,000\n师：第一句\n2\n00:00:03,000 --> 00:00:04,000\n生：第二句\n3\n00:00:05,000 --> 00:00:06,000\n第3句\n";
    expect(parseTranscript(srt, "a.srt", 10).lines).toEqual([
      { start: 1, end: 2, text: "第一句", role: "T" },
      { start: 3, end: 4, text: "第二句", role: "S" },
      { start: 5, end: 6, text: "第3句", role: null },
    ]);
  });

  it("unknown extension is recognised by content", () => {
    expect(parseTranscript("WEBVTT\n\n00:01.000 --> 00:02.000\n你好", "x.sub", 10).source).toBe("vtt");
    expect(parseTranscript("1\n00:00:01,000 --> 00:00:02,000\n你好", "x", 10).source).toBe("srt");
  });

  it("garbage → TranscriptError in Chinese", () => {
    expect(() => parseTranscript("", "a.txt", 60)).toThrow(TranscriptError);
    expect(() => parseTranscript("\n\n  \n。，！\n", "a.txt", 60)).toThrow(/没有可读的文字/);
    expect(() => parseTranscript("这不是字幕\n真的不是", "a.srt", 60)).toThrow(/SRT/);
    expect(() => parseTranscript("PK\u0003\u0004\u0000\u0000binary", "a.txt", 60)).toThrow(/不是文本文件/);
    expect(() => parseTranscript("\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffda", "a.txt", 60)).toThrow(TranscriptError);
  });
});

describe("assignLineRoles", () => {
  it("a prefixed role stays; others take the role they overlap most; T when none", () => {
    const lines = [
      { start: 0, end: 10, text: "a", role: "S" as const },
      { start: 10, end: 20, text: "b", role: null },
      { start: 20, end: 30, text: "c", role: null },
      { start: 100, end: 110, text: "d", role: null },
    ];
    const speech = [
      { start: 0, end: 14, role: "T" as const }, // b: 4 s teacher
      { start: 14, end: 26, role: "S" as const }, // b: 6 s student → S; c: 6 s student
      { start: 26, end: 30, role: "T" as const }, // c: 4 s teacher → S
    ];
    expect(assignLineRoles(lines, speech).map((l) => l.role)).toEqual(["S", "S", "S", "T"]);
  });
});
