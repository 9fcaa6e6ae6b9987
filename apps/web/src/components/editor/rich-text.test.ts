import { describe, expect, it } from "vitest";
import { LINK_OK, isEmptyRichText } from "./rich-text";

describe("rich text helpers", () => {
  it("an editor document with no text and no image is empty", () => {
    for (const html of ["", "<p></p>", "<p> </p>", "<p>&nbsp;</p>", "<h2></h2><ul><li><p></p></li></ul>", "<p>\u00a0</p>"])
      expect(isEmptyRichText(html), html).toBe(true);
  });
  it("text or an image is content", () => {
    expect(isEmptyRichText("<p><strong>加粗</strong></p>")).toBe(false);
    expect(isEmptyRichText('<img src="/files/3">')).toBe(false);
    expect(isEmptyRichText("<p>&lt;script&gt;</p>")).toBe(false);
  });
  it("links: http(s) and mailto only", () => {
    expect(LINK_OK.test("https://example.com/a?b=1")).toBe(true);
    expect(LINK_OK.test("mailto:a@b.cn")).toBe(true);
    expect(LINK_OK.test("javascript:alert(1)")).toBe(false);
    expect(LINK_OK.test("data:text/html,x")).toBe(false);
    expect(LINK_OK.test("https://a b")).toBe(false);
  });
});
