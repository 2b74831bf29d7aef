/** Flexibility on the server (issue 60, item 4): the one door to `flex_requests`. */
export { measureDeliveries, MEASURE_AFTER_MS } from "./flex-delivery.server";
export { cancelFlex, listFlex, readFlex, receiveFlex } from "./flex-store.server";
export { startFlexMeasuring, startNetworkWork } from "./flex-measuring.server";
export { takeVtnFlex } from "./vtn-flex.server";
