export * from './mockApi';
export * from './i18n';
export * from './xhr';
export * from './realtime';
export * from './css';
