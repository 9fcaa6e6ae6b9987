import { describe, expect, it } from "vitest";
import { reflectDraftError, reflectEdited, reflectPlace, reflectSavePayload } from "./reflection";

describe("reflection helpers", () => {
  it("a new reflection on an activity sends the activity only", () => {
    expect(reflectSavePayload({ title: "  课后反思 ", content: "<p>学生参与度高</p>", activity_id: 7 }, null)).toEqual({
      title: "课后反思",
      content: "<p>学生参与度高</p>",
      activity_id: 7,
    });
  });
  it("an empty editor sends no content, a missing activity sends 0", () => {
    expect(reflectSavePayload({ title: "t", content: "<p></p>", activity_id: null }, null)).toEqual({ title: "t", content: "", activity_id: 0 });
  });
  it("an edit sends the id; a community reflection keeps its community, one taken off its activity does not", () => {
    expect(reflectSavePayload({ title: "t", content: "", activity_id: 0 }, { id: 3, activity_id: 0, community_id: 9 })).toEqual({
      id: 3,
      title: "t",
      content: "",
      activity_id: 0,
      community_id: 9,
    });
    expect(reflectSavePayload({ title: "t", content: "", activity_id: 0 }, { id: 3, activity_id: 5, community_id: 9 })).toEqual({
      id: 3,
      title: "t",
      content: "",
      activity_id: 0,
    });
    expect(reflectSavePayload({ title: "t", content: "", activity_id: 5 }, { id: 3, activity_id: 5, community_id: 9 })).toEqual({
      id: 3,
      title: "t",
      content: "",
      activity_id: 5,
    });
  });
  it("checks the title and the content length as the server does", () => {
    expect(reflectDraftError({ title: "  ", content: "" })).toBe("请输入反思标题");
    expect(reflectDraftError({ title: "字".repeat(101), content: "" })).toBe("反思标题不能超过 100 个字符");
    expect(reflectDraftError({ title: "t", content: "x".repeat(50_001) })).toBe("反思内容不能超过 50000 个字符");
    expect(reflectDraftError({ title: "字".repeat(100), content: "x".repeat(50_000) })).toBeNull();
  });
  it("names the place and tells an edited reflection", () => {
    expect(reflectPlace({ community_name: "语文社区", activity_name: "期末研讨" })).toBe("语文社区 · 期末研讨");
    expect(reflectPlace({ community_name: "", activity_name: "" })).toBe("个人反思");
    expect(reflectEdited({ created_at: "2026-01-02 08:00:00", updated_at: "2026-01-02 08:00:30" })).toBe(false);
    expect(reflectEdited({ created_at: "2026-01-02 08:00:00", updated_at: "2026-01-03 09:00:00" })).toBe(true);
  });
});
