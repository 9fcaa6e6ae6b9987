/**
 * XSS filter-evasion vectors (the classic OWASP cheat-sheet list and a few mutation-XSS tricks) saved as article
 * content and read back through the wire: what is stored is inert — only whitelisted tags, no event attributes,
 * no script/style/iframe/svg/math/object/form…, href only http(s)/mailto, src only http(s) or /files/, styles without
 * url()/expression(). docs/decisions/0703.
 */
import { type ArticleDetail, type ArticleRow, CALLS, type Page, type SessionInfo } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { community, communityMember } from "../src/modules/community/community.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

/** At least 25 classic vectors (OWASP XSS Filter Evasion Cheat Sheet) and mutation tricks. */
export const XSS_VECTORS: readonly string[] = [
  `<script>alert('XSS')</script>`,
  `<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<a href="jav&#x09;ascript:alert(1)">tab link</a>`,
  `<a href="&#106;avascript:alert(1)">entity link</a>`,
  `<a href="  JAVASCRIPT:alert(1)">spaced link</a>`,
  `<a href="java\u0000script:alert(1)">null link</a>`,
  `<a href="vbscript:msgbox(1)">vb link</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<svg/onload=alert('XSS')>`,
  `<svg><script>alert(1)</script></svg>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<IMG DYNSRC="javascript:alert('XSS')">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  `<BR SIZE="&{alert('XSS')}">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<TABLE BACKGROUND="javascript:alert('XSS')"><TD BACKGROUND="javascript:alert('XSS')">cell</TD></TABLE>`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">div</DIV>`,
  `<DIV STYLE="width: expression(alert('XSS'));">div</DIV>`,
  `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
  `<p style="color: red; background: url(&quot;javascript:alert(1)&quot;)">styled</p>`,
  `<span style="color:expression(alert(1))">exp</span>`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiPjwvc3ZnPg==" type="image/svg+xml">`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<img src="data:image/png;base64,iVBORw0KGgo=">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<math href="javascript:alert(1)">CLICKME</math>`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<button formaction="javascript:alert(1)">x</button>`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<details open ontoggle=alert(1)>d</details>`,
  `<video><source onerror="alert(1)"></video>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<a href="//evil.example/x">protocol relative</a>`,
  `<p title="x" onclick="alert(1)" class="evil">attrs</p>`,
  `<img src="https://ok.example/a.png" onerror="alert(1)" onload="alert(2)">`,
  `<a href="https://ok.example" target="_top" onclick="alert(1)">fine link</a>`,
  `<code class="language-js x-evil" onclick="x()">code</code>`,
];

const ALLOWED_TAGS = new Set(
  "h1 h2 h3 h4 h5 h6 p br hr div span ul ol li strong b em i u s strike del sub sup mark a img figure figcaption table thead tbody tfoot tr th td caption colgroup col blockquote pre code".split(
    " ",
  ),
);
const ALLOWED_ATTRS = new Set(["href", "title", "target", "rel", "src", "alt", "width", "height", "colspan", "rowspan", "span", "start", "class", "style"]);

function decode(v: string): string {
  return v
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every problem found in the stored HTML (empty = inert). */
function problems(html: string): string[] {
  const out: string[] = [];
  const tag = /<(\/?)([a-zA-Z0-9]+)((?:\s+[a-zA-Z-]+="[^"<>]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (html.slice(last, m.index).includes("<")) out.push(`raw < before ${m[0]}`);
    last = m.index + m[0].length;
    const name = m[2]!.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) out.push(`tag ${name}`);
    for (const a of m[3]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) {
      const attr = a[1]!.toLowerCase();
      const value = decode(a[2]!)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped as a browser does when it reads a URL scheme (java\tscript:).
        .replace(/[\s\u0000-\u001f]/g, "")
        .toLowerCase();
      if (!ALLOWED_ATTRS.has(attr) || attr.startsWith("on")) out.push(`attribute ${attr}`);
      if (/javascript:|vbscript:|data:/.test(value)) out.push(`url ${attr}=${a[2]}`);
      if (attr === "href" && !/^(https?:\/\/|mailto:)/.test(value)) out.push(`href ${a[2]}`);
      if (attr === "src" && !/^(https?:\/\/|\/files\/)/.test(value)) out.push(`src ${a[2]}`);
      if (attr === "style" && /url\(|expression|\\|@import|behavior/.test(value)) out.push(`style ${a[2]}`);
      if (attr === "class" && !/^language-[a-z0-9-]+$/.test(value)) out.push(`class ${a[2]}`);
    }
  }
  if (html.slice(last).includes("<")) out.push("raw < at the end");
  if (/<\s*script/i.test(html)) out.push("script");
  return out;
}

let s: TestServer;
let zhang: SessionInfo;
let c1 = 0;

beforeAll(async () => {
  s = await startTestServer();
  zhang = await s.login("zhanglaoshi", DEMO_TEACHER_PASSWORD);
  const db = s.database.db;
  const [row] = await db
    .insert(community)
    .values({ name: "XSS 测试社区", account_id: zhang.account_id, school_id: zhang.school_id })
    .returning({ id: community.id });
  c1 = row!.id;
  await db.insert(communityMember).values({ community_id: c1, account_id: zhang.account_id, role: 1, status: 1, joined_at: new Date() });
});
afterAll(async () => {
  await s?.close();
});

describe("rich text sanitizing", () => {
  it("the checker itself catches live markup", () => {
    expect(problems(`<img src="x" onerror="alert(1)">`).length).toBeGreaterThan(0);
    expect(problems(`<a href="jav&#x09;ascript:alert(1)">x</a>`).length).toBeGreaterThan(0);
    expect(problems(`<svg onload="x"></svg>`).length).toBeGreaterThan(0);
    expect(problems(`<p style="background:url(x)">x</p>`).length).toBeGreaterThan(0);
    expect(problems(`<p>fine <a rel="noopener noreferrer" href="https://a.b">a</a></p>`)).toEqual([]);
  });

  it(`${XSS_VECTORS.length} vectors are stored and read back inert`, async () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(25);
    const failures: string[] = [];
    for (const [i, v] of XSS_VECTORS.entries()) {
      const saved = await s.call<ArticleDetail>(
        CALLS.articleSave,
        { community_id: c1, title: `向量 ${i + 1}`, content: `<p>向量 ${i + 1}</p>${v}` },
        zhang.token,
      );
      expect(saved.code, `${v}: ${saved.msg}`).toBe(200);
      const read = await s.call<ArticleDetail>(CALLS.articleRead, { id: saved.data.id }, zhang.token);
      expect(read.code).toBe(200);
      const html = read.data.content;
      expect(html.startsWith(`<p>向量 ${i + 1}</p>`)).toBe(true);
      const found = problems(html);
      if (found.length) failures.push(`${v}\n  → ${html}\n  ${found.join("; ")}`);
      // The summary is plain text.
      expect(read.data.summary).not.toMatch(/<[a-z]/i);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("keeps what an editor needs", async () => {
    const content = [
      '<h1>一级</h1><h3 style="text-align:center">三级</h3>',
      '<p>正文 <strong>粗</strong> <em>斜</em> <u>下划线</u> <s>删除</s> <span style="color:#ff0000;font-size:16px">红字</span></p>',
      '<ul><li>一</li><li>二</li></ul><ol start="3"><li>三</li></ol>',
      '<p><a href="https://example.com/a?b=1" target="_blank">外链</a> <a href="mailto:t@example.com">邮件</a></p>',
      '<p><img src="https://example.com/a.png" alt="图" width="300"><img src="/files/42?exp=1&amp;sig=abc"></p>',
      '<table><thead><tr><th colspan="2">表头</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
      '<blockquote>引用</blockquote><pre><code class="language-js">let a = 1 &lt; 2;</code></pre>',
    ].join("");
    const saved = await s.call<ArticleDetail>(CALLS.articleSave, { community_id: c1, title: "编辑器内容", content }, zhang.token);
    expect(saved.code, saved.msg).toBe(200);
    const html = saved.data.content;
    expect(problems(html)).toEqual([]);
    for (const part of [
      '<h3 style="text-align:center">三级</h3>',
      "<strong>粗</strong>",
      "<u>下划线</u>",
      '<span style="color:#ff0000;font-size:16px">红字</span>',
      '<ol start="3">',
      '<a rel="noopener noreferrer" href="https://example.com/a?b=1" target="_blank">外链</a>',
      '<a rel="noopener noreferrer" href="mailto:t@example.com">邮件</a>',
      '<img src="https://example.com/a.png" alt="图" width="300" />',
      '<img src="/files/42?exp=1&amp;sig=abc" />',
      '<th colspan="2">表头</th>',
      "<blockquote>引用</blockquote>",
      '<code class="language-js">let a = 1 &lt; 2;</code>',
    ]) {
      expect(html).toContain(part);
    }
    expect(saved.data.summary).toBe("一级 三级 正文 粗 斜 下划线 删除 红字 一 二 三 外链 邮件 表头 1 2 引用 let a = 1 < 2;");
    const list = await s.call<Page<ArticleRow>>(CALLS.articleList, { community_id: c1, title: "编辑器" }, zhang.token);
    expect(list.data.list[0]!.summary).toBe(saved.data.summary);
  });

  it("cuts the summary at 120 characters", async () => {
    const long = "长".repeat(300);
    const saved = await s.call<ArticleDetail>(CALLS.articleSave, { community_id: c1, title: "长文", content: `<p>${long}</p>` }, zhang.token);
    expect(saved.data.summary).toBe(`${"长".repeat(120)}…`);
    expect(saved.data.content).toBe(`<p>${long}</p>`);
  });
});
