export { DEVICE_SIM_USAGE, deviceSimMain } from "./main.js";
export { findFont, pushArgs } from "./push.js";
export { type SimCommandRecord, type SimDeviceSpec, type SimDeviceState, type Simulator, type SimulatorOptions, startSimulator } from "./simulator.js";
