export interface ZipEntry {
    name: string;
    data: Buffer;
    /** 0: stored as is; 8: deflated. */
    method: number;
    modified: Date;
}
/**
 * Every entry of a zip as a real reader (yauzl) sees it, in archive order. yauzl takes each CRC from the central
 * directory without checking it; this checks it against the data, as a reader that does (unzip) would, and
 * rejects a wrong one. For API tests and the end-to-end specs that download archives.
 */
export declare function readZip(zip: Buffer): Promise<ZipEntry[]>;
