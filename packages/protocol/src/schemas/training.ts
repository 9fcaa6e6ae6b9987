/**
 * Training programmes (培训; issue #12; docs/api/training.md). Owned by the training module: fill in the calls,
 * payloads and answers. Management: /middle/training/*; a teacher's side: /v2/training/*; the home-page list is c343
 * /v2/njy_index/getTrainList (HOME_CALLS.njyGetTrainList, TrainRow in home.ts).
 */
export const TRAINING_CALLS = {} as const;
