/**
 * The #4 protocol modules the web reads before the lead exports them from @yanke/protocol's index
 * (`export * from "./schemas/org.js"` etc.). When that lands, these lines become imports from
 * "@yanke/protocol" and this file goes.
 */
export * from "../../../../packages/protocol/src/schemas/org";
export * from "../../../../packages/protocol/src/schemas/class";
export * from "../../../../packages/protocol/src/schemas/quota";
export * from "../../../../packages/protocol/src/schemas/platform";
