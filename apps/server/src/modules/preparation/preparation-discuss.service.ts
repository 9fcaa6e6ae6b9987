/**
 * The discussion of a preparation (c250 preparationDiscuss, c251 preparationDiscussList, c263 delPreparationMsg;
 * docs/api/preparation.md, docs/decisions/0803): discuss_comment rows with target_type "preparation" and
 * ref_id = the preparation, written and read by the generic DiscussService (#9 reuses it for its socket and the
 * listen / after-class discussions). Who may read is can_view, who may write can_discuss ('请先加入空间后评论！').
 */
import type { DelPreparationMsgPayload, DiscussMessage, DiscussPage, PreparationDiscussListPayload, PreparationDiscussPayload } from "@yanke/protocol";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { CommunityAccess } from "../community/community-access.js";
import type { DiscussService } from "../discuss/discuss.service.js";
import type { Caller } from "../../http/caller.js";
import type { PreparationAccess } from "./preparation-access.js";
import { PREPARATION_TARGET } from "./preparation.service.js";

export class PreparationDiscussService {
  constructor(
    _db: Db,
    private readonly preps: PreparationAccess,
    private readonly access: CommunityAccess,
    private readonly discuss: DiscussService,
  ) {}

  /** c250 */
  async post(c: Caller, p: PreparationDiscussPayload): Promise<DiscussMessage> {
    const { prep } = await this.preps.require(c, p.preparation_id, "can_discuss");
    // save() commits, then pushes "discuss.save" to the preparation's socket group.
    return this.discuss.save(c, { target_type: PREPARATION_TARGET, ref_id: prep.id, community_id: prep.community_id, ...p }, async (tx) => {
      if (prep.community_id)
        await this.access.log(tx, {
          community_id: prep.community_id,
          account_id: c.id,
          action: "preparation.discuss",
          target_type: "preparation",
          target_id: prep.id,
          content: `在集体备课「${prep.theme}」中研讨`,
        });
    });
  }

  /** c251 */
  async list(c: Caller, q: PreparationDiscussListPayload): Promise<DiscussPage> {
    const { prep, power } = await this.preps.require(c, q.preparation_id, "can_view");
    const page = await this.discuss.list(c, {
      target_type: PREPARATION_TARGET,
      ref_id: prep.id,
      page: q.page,
      limit: q.limit,
      target_id: q.target_id,
      wps_file_key: q.wps_file_key,
    });
    return { ...page, status: power.can_discuss ? 1 : 2 };
  }

  /** c263: the author only; the replies stay. */
  async remove(c: Caller, p: z.output<typeof DelPreparationMsgPayload>): Promise<{ id: number }> {
    const row = await this.discuss.record(PREPARATION_TARGET, p.id);
    const prep = await this.preps.load(row.ref_id).catch(() => null);
    await this.discuss.delete(c, PREPARATION_TARGET, p.id, async (tx) => {
      if (prep?.community_id)
        await this.access.log(tx, {
          community_id: prep.community_id,
          account_id: c.id,
          action: "preparation.discuss_delete",
          target_type: "preparation",
          target_id: prep.id,
          content: `删除集体备课「${prep.theme}」中的一条研讨`,
        });
    });
    return { id: p.id };
  }
}
