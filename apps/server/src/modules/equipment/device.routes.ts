/**
 * The device-facing endpoint (docs/api/device-protocol.md): POST /device/v1/heartbeat, plain JSON (not the
 * encrypted envelope of the screens), answered with the platform's envelope {code, msg, data} over HTTP 200.
 *
 *   deviceRoutes(app, equipment)
 */
import { Code, DEVICE_ROUTES, HeartbeatPayload, parsePayload } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { reply } from "../../http/call.js";
import { DeviceRefusal, type EquipmentService } from "./equipment.service.js";

export function deviceRoutes(app: FastifyInstance, equipment: EquipmentService): void {
  app.post(DEVICE_ROUTES.heartbeat, async (req, res) => {
    const body = req.body;
    if (typeof body !== "object" || body === null || Array.isArray(body)) return reply(res, Code.BAD_INPUT, "请求体必须是 JSON 对象", null);
    const parsed = parsePayload(HeartbeatPayload, body);
    if (!parsed.ok) return reply(res, Code.BAD_INPUT, parsed.message, null);
    try {
      return reply(res, Code.OK, "ok", await equipment.heartbeat(parsed.data, req.ip, req.hostname));
    } catch (e) {
      if (e instanceof DeviceRefusal) return reply(res, e.code, e.message, null);
      throw e;
    }
  });
}
