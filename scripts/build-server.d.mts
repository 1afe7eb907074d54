// The surface of build-server.mjs for the TypeScript that uses it (the benchmarks).
export declare const SERVER_DIST_DIR: string;
export declare const SERVER_BUNDLE: string;
export declare const SERVER_SOURCES: string[];
export declare const SERVER_NODE_FLAGS: string[];
export declare function buildServer(): Promise<void>;
