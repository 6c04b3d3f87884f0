import type * as OpenCv from '@techstark/opencv-js';
export type Cv = typeof OpenCv;
export type Mat = InstanceType<Cv['Mat']>;
/** The OpenCV WebAssembly runtime, compiled once per process (about a second). */
export declare function loadCv(): Promise<{
    cv: Cv;
}>;
/** Runs `work` and frees every Mat it registered, whether it returns or throws. */
export declare function withMats<T>(work: (track: <M extends {
    delete(): void;
}>(m: M) => M) => T): T;
