declare module 'virtual:__federation__' {
  export function __federation_method_setRemote(name: string, config: { url: () => Promise<string>; format: string; from: string }): void;
  export function __federation_method_getRemote(name: string, exposed: string): Promise<unknown>;
  export function __federation_method_unwrapDefault(module: unknown): unknown;
}
