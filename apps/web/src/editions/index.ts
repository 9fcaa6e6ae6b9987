import type { ClientConfig } from "@yanke/protocol";
import type { EditionDefinition } from "../router/route-helpers";
import { foregroundEdition } from "./foreground";
import { ningxiaEdition } from "./NINGXIA";
import { teachEventsEdition } from "./teachEvents";

export const EDITIONS: Record<ClientConfig["edition"], EditionDefinition> = {
  foreground: foregroundEdition,
  teachEvents: teachEventsEdition,
  NINGXIA: ningxiaEdition,
};

export function editionFor(name: ClientConfig["edition"]): EditionDefinition {
  return EDITIONS[name];
}
