import { LocalObjectStore } from "./local.js";
import { S3ObjectStore, type S3Settings } from "./s3.js";
import type { ObjectStore } from "./store.js";

export { InvalidRange, ObjectNotFound, type ByteRange, type ObjectMeta, type ObjectStore, type StoredObject } from "./store.js";
export { LocalObjectStore } from "./local.js";
export { S3ObjectStore, type S3Settings } from "./s3.js";

/** The object store of the configuration: S3 when `s3` is set (S3_BUCKET), else files under `<dataDir>/files`. Both keep temporary files in `<dataDir>/tmp`. */
export async function openStore(config: { dataDir: string; s3?: S3Settings }): Promise<ObjectStore> {
  return config.s3 ? S3ObjectStore.open(config.s3, config.dataDir) : LocalObjectStore.open(config.dataDir);
}
