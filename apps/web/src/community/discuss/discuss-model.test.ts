import type { DiscussMessage, DiscussPage } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { addMessage, discussRef, formatVideoTime, patchMessage, removeMessage } from "./discuss-api";

const msg = (id: number, pid = 0, account_id = 1, children: DiscussMessage[] = []): DiscussMessage => ({
  id,
  pid,
  content: `m${id}`,
  content_img: [],
  reply_person: 0,
  reply_person_name: "",
  created_at: "2026-11-22 09:00:00",
  target_id: 0,
  wps_file_key: "",
  account: { id: account_id, realname: "张老师", head_portrait_url: "" },
  account_id,
  identity: 0,
  identity_name: "",
  reputation: "",
  like_count: 0,
  is_like: false,
  video_time: null,
  expand_status: 1,
  deleted: false,
  can_delete: true,
  children,
});
const pageOf = (list: DiscussMessage[], page = 1): DiscussPage => ({ list, total: list.length, page, limit: 10, count: list.length, status: 1 });

describe("live patches of a loaded discussion page", () => {
  it("a new thread goes on top of page 1 only; a reply goes under its thread; a repeat changes nothing", () => {
    const p = pageOf([msg(1)]);
    const p2 = addMessage(p, msg(2, 0, 7), 1);
    expect(p2.list.map((m) => m.id)).toEqual([2, 1]);
    expect(p2.list[0]!.can_delete).toBe(false); // someone else's
    expect(addMessage(p2, msg(2, 0, 7), 1)).toBe(p2);
    expect(addMessage(pageOf([msg(1)], 2), msg(3), 1).list.map((m) => m.id)).toEqual([1]);
    const p3 = addMessage(p2, msg(4, 1, 1), 1);
    expect(p3.list[1]!.children.map((c) => c.id)).toEqual([4]);
    // a reply to a reply lands in the same thread
    const p4 = addMessage(p3, msg(5, 4, 7), 1);
    expect(p4.list[1]!.children.map((c) => c.id)).toEqual([4, 5]);
    expect(p4.count).toBe(4);
  });

  it("a deleted thread with replies stays as deleted; without, it goes; a reply just goes", () => {
    const p = pageOf([msg(1, 0, 1, [msg(2, 1)]), msg(3)]);
    const a = removeMessage(p, 1);
    expect(a.list[0]).toMatchObject({ id: 1, deleted: true });
    const b = removeMessage(p, 3);
    expect(b.list.map((m) => m.id)).toEqual([1]);
    expect(b.total).toBe(1);
    const c = removeMessage(p, 2);
    expect(c.list[0]!.children).toEqual([]);
    expect(removeMessage(p, 99)).toBe(p);
  });

  it("patches a message wherever it is", () => {
    const p = pageOf([msg(1, 0, 1, [msg(2, 1)])]);
    expect(patchMessage(p, 2, () => ({ like_count: 3 })).list[0]!.children[0]!.like_count).toBe(3);
    expect(patchMessage(p, 1, () => ({ expand_status: 0 })).list[0]!.expand_status).toBe(0);
  });

  it("names the target and formats video times", () => {
    expect(discussRef("preparation", 3)).toEqual({ preparation_id: 3 });
    expect(discussRef("listen", 4)).toEqual({ reservation_record_id: 4 });
    expect(discussRef("after_class", 5)).toEqual({ after_class_id: 5 });
    expect(formatVideoTime(65.4)).toBe("01:05");
    expect(formatVideoTime(3725)).toBe("1:02:05");
  });
});
