import { CALLS } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { showsUnbind, UNBIND_TEXT } from "./unbind";

describe("unbind action (spec §4, §5)", () => {
  it("uses the spec's texts", () => {
    expect(UNBIND_TEXT).toEqual({ title: "恩高账号解除绑定", content: "是否解除绑定恩施账号?", success: "解除绑定成功" });
  });

  it("shows for teachers and for holders of the unbind rule", () => {
    const none = () => false;
    expect(showsUnbind(none, [2])).toBe(true);
    expect(showsUnbind(none, [4])).toBe(false);
    expect(showsUnbind((p) => p === CALLS.teacherEsUnbind, [4])).toBe(true);
  });
});
