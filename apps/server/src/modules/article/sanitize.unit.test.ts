/** The rich-text helpers and the thread builder of articles (docs/decisions/0703). */
import { describe, expect, it } from "vitest";
import { buildThreads } from "./article.service.js";
import { hasContent, plainText, sanitizeRichText, summaryOf } from "./sanitize.js";

describe("sanitizeRichText", () => {
  it("keeps allowed styles with plain values only", () => {
    expect(sanitizeRichText('<p style="text-align:justify;color:red;position:fixed;background-color:url(x)">a</p>')).toBe(
      '<p style="text-align:justify;color:red">a</p>',
    );
    expect(sanitizeRichText('<span style="font-size:999999px;font-weight:bold">b</span>')).toBe('<span style="font-weight:bold">b</span>');
  });
  it("links: http(s) and mailto kept with rel, others lose the href; target only _blank", () => {
    expect(sanitizeRichText('<a href="http://a.b/c" target="_self">x</a>')).toBe('<a rel="noopener noreferrer" href="http://a.b/c">x</a>');
    expect(sanitizeRichText('<a href="/relative">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="ftp://a.b">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
  });
  it("images: http(s) and /files/ only; bad sizes dropped; no source, no image", () => {
    expect(sanitizeRichText('<img src="/files/3/preview.pdf" width="50%" height="x">')).toBe('<img src="/files/3/preview.pdf" width="50%" />');
    expect(sanitizeRichText('<img src="/etc/passwd">')).toBe("");
    expect(sanitizeRichText('<img src="//evil/x.png">')).toBe("");
  });
});

describe("plain text", () => {
  it("summary: block ends become spaces, entities decoded, cut with an ellipsis", () => {
    expect(plainText("<h1>A</h1><p>b&amp;c&lt;d&gt;&quot;e&quot;&#39;f&#39;&nbsp;g</p><ul><li>1</li><li>2</li></ul>")).toBe(`A b&c<d>"e"'f' g 1 2`);
    expect(summaryOf("<p>一二三四五</p>", 3)).toBe("一二三…");
    expect(summaryOf("<p>一二三</p>", 3)).toBe("一二三");
  });
  it("content: text or an image", () => {
    expect(hasContent("<p> </p><br />")).toBe(false);
    expect(hasContent('<img src="/files/1" />')).toBe(true);
    expect(hasContent("<p>x</p>")).toBe(true);
  });
});

describe("buildThreads", () => {
  const t = new Date("2026-01-01T00:00:00Z");
  const rec = (id: number, pid: number, who: number) => ({
    id,
    pid,
    target_id: 9,
    content: `c${id}`,
    account_id: who,
    account_name: `u${who}`,
    head_portrait_url: null,
    created_at: t,
  });
  it("puts replies at any depth under their top-level entry, reply_person from the direct parent", () => {
    const rows = buildThreads([rec(5, 0, 1), rec(1, 0, 2)], [rec(2, 1, 3), rec(3, 2, 4), rec(6, 5, 2), rec(8, 77, 1)], (who) => who === 2);
    expect(rows.map((r) => r.id)).toEqual([5, 1]);
    expect(rows[0]!.children.map((r) => [r.id, r.reply_person])).toEqual([[6, "u1"]]);
    expect(rows[1]!.children.map((r) => [r.id, r.reply_person, r.can_delete])).toEqual([
      [2, "u2", false],
      [3, "u3", false],
    ]);
    expect(rows[1]!.can_delete).toBe(true);
    expect(rows[0]!.created_at).toBe("2026-01-01 08:00:00");
  });
});
