// The geometry's public surface: encoders, SGI/DGI, check(), the GroundingSwitch, calibration.
export * from './encoder';
export * from './embedded-encoder';
export * from './openai-encoder';
export * from './sgi';
export * from './dgi';
export * from './check';
export * from './switch';
export * from './thresholds';
export * from './fit';
export * from './review-switch';
