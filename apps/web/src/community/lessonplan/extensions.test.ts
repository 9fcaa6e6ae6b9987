import { getSchema } from "@tiptap/core";
import { LESSON_PLAN_SCHEMA } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { lessonPlanExtensions } from "./extensions";

describe("the lesson-plan editor's schema", () => {
  const schema = getSchema(lessonPlanExtensions());

  it("has exactly the nodes and marks the server converts (LESSON_PLAN_SCHEMA)", () => {
    expect(Object.keys(schema.nodes).sort()).toEqual([...LESSON_PLAN_SCHEMA.nodes].sort());
    expect(Object.keys(schema.marks).sort()).toEqual([...LESSON_PLAN_SCHEMA.marks].sort());
  });

  it("keeps StarterKit's own undo/redo out (the collaboration undo replaces it)", () => {
    const starter = lessonPlanExtensions().find((e) => e.name === "starterKit");
    expect((starter?.options as { undoRedo?: unknown } | undefined)?.undoRedo).toBe(false);
  });
});
