/**
 * Shared pieces of the textbook catalogue browser and the binding picker (issue #8): the catalogue queries
 * (editions → books → a book's tree) and the tree's nodes as antd Tree data (name, code, resource count).
 */
import { useQuery } from "@tanstack/react-query";
import { calls, type TextbookCatalogNode } from "@yanke/protocol";
import type { TreeDataNode } from "antd";
import { call } from "../../api/client";
import "./textbook.css";

export const TEXTBOOK_TYPE_COLORS: Record<number, string> = { 1: "blue", 2: "purple", 3: "cyan", 4: "orange", 5: "magenta", 6: "geekblue" };
export const TEXTBOOK_STATUS_COLORS: Record<number, string> = { 0: "gold", 1: "green", 2: "red" };

/** A list answer, whether sent bare or as {list} (the catalogue lists are not paged). */
export function asList<T>(x: T[] | { list: T[] } | null | undefined): T[] {
  if (!x) return [];
  return Array.isArray(x) ? x : (x.list ?? []);
}

export function useEditions() {
  return useQuery({
    queryKey: ["textbook", "editions"],
    staleTime: 5 * 60_000,
    queryFn: async () => asList(await call(calls.textbookEditions, {})),
  });
}

export function useBooks(editionId: number | undefined) {
  return useQuery({
    queryKey: ["textbook", "books", editionId],
    staleTime: 5 * 60_000,
    enabled: Boolean(editionId),
    queryFn: async () => asList(await call(calls.textbookBooks, { edition_id: editionId })),
  });
}

export function useCatalog(bookId: number | undefined) {
  return useQuery({
    queryKey: ["textbook", "catalog", bookId],
    staleTime: 60_000,
    enabled: Boolean(bookId),
    queryFn: () => call(calls.textbookCatalog, { book_id: bookId }),
  });
}

/** The tree as antd Tree data: each title the node's name, its code and (showCount) its approved resources. */
export function catalogTreeData(tree: readonly TextbookCatalogNode[], showCount = true): TreeDataNode[] {
  return tree.map((n) => ({
    key: n.id,
    title: (
      <span className="yk-tb-node" data-testid="catalog-node" data-code={n.code} data-id={n.id}>
        <span className="yk-tb-node-name">{n.name}</span>
        <span className="yk-tb-node-code">{n.code}</span>
        {showCount && n.resource_count > 0 ? <span className="yk-tb-node-count">{n.resource_count}</span> : null}
      </span>
    ),
    children: n.children?.length ? catalogTreeData(n.children, showCount) : undefined,
  }));
}
