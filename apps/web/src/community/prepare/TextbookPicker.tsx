/** Placeholder (issue #8): the textbook binding picker (edition → book → catalogue nodes), owned by the textbook web helper. */
import { Input } from "antd";

/** A preparation's textbook binding (community.md §3 Preparation fields). */
export interface TextbookBinding {
  editon_id: number;
  bookId: number;
  book_catalog_id: number;
  catalogCode: string;
  catalogCodeIds: number[];
  njy_structure: string;
}

export function TextbookPicker({ value }: { value?: TextbookBinding; onChange?: (v: TextbookBinding) => void }) {
  return <Input disabled value={value?.njy_structure ?? ""} placeholder="教材目录（建设中）" />;
}
