import type { Random } from './random';

/** Where an agent takes deliveries: a road of its city, a number, and the building. */
const ROADS = ['创业大道', '科技园路', '软件园路', '工业园路', '长江路', '人民路'];
const PLACES = ['仓库', '物流中心', '库房', '办公楼一层收发室'];

export const deliveryAddressText = (rng: Random) =>
  `${rng.pick(ROADS)}${rng.int(1, 480)}号${rng.pick(PLACES)}`;
