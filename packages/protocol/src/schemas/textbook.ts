/**
 * The textbook catalogue and its resources (community.md §3 Textbook resource, §4; issue #8; docs/api/textbook.md):
 * editions → books → catalogue nodes (catalogCode), resources attached to a code, the Tw sync between a community
 * and its activities, and 学科网 documents (getXkwDoc).
 */
export const TEXTBOOK_CALLS = {
  /** c376 */ textbookResourceSave: "/v2/textbookResources/save",
  /** c377 */ textbookResourceUpdate: "/v2/textbookResources/update",
  /** c378 */ textbookResourceRead: "/v2/textbookResources/read",
  /** c379 */ textbookResourceList: "/v2/textbookResources/list",
  /** c380: check (status) */ textbookResourceCheck: "/v2/textbookResources/check",
  /** c381 */ textbookResourceDelete: "/v2/textbookResources/delete",
  /** c382 */ syncTwCommunityResources: "/v2/textbookResources/syncTwCommunityResources",
  /** c383 */ syncTwCommunityActivityResources: "/v2/textbookResources/syncTwCommunityActivityResources",
  /** c384 */ getTwCommunityResources: "/v2/textbookResources/getTwCommunityResources",
  /** c385 */ getTwCommunityActivityResources: "/v2/textbookResources/getTwCommunityActivityResources",
  /** c397 */ getXkwDoc: "/v2/book/getXkwDoc",
  /** new: editions */ textbookEditions: "/v2/textbook/editionList",
  /** new: books of an edition (filter by period, subject, grade) */ textbookBooks: "/v2/textbook/bookList",
  /** new: a book's catalogue tree */ textbookCatalog: "/v2/textbook/catalogTree",
} as const;
