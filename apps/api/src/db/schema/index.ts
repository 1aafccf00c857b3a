export * from './catalog';
export * from './quiz';
export * from './cart';
export * from './customers';
export * from './promotions';
export * from './orders';
export * from './sandbox-gateway';
export * from './rate-limits';
