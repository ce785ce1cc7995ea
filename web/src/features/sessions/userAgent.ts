/** A short name for a session's browser and system, from its user agent (active-sessions dialog). */
export function describeUserAgent(ua: string): { browser: string | null; os: string | null } {
  const s = ua || '';
  const browser = /Edg\//.test(s)
    ? 'Edge'
    : /OPR\/|Opera/.test(s)
      ? 'Opera'
      : /Firefox\//.test(s)
        ? 'Firefox'
        : /(Headless)?Chrome\/|CriOS\//.test(s)
          ? 'Chrome'
          : /Safari\//.test(s) && /Version\//.test(s)
            ? 'Safari'
            : null;
  const os = /Windows/.test(s)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(s)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(s)
        ? 'macOS'
        : /Android/.test(s)
          ? 'Android'
          : /CrOS/.test(s)
            ? 'ChromeOS'
            : /Linux/.test(s)
              ? 'Linux'
              : null;
  return { browser, os };
}
