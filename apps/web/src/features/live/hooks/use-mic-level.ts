import { useEffect, useState } from 'react';

/** Analyser settings of spec section 2. */
export const MIC_FFT_SIZE = 1024;
export const MIC_SMOOTHING = 0.3;

/** The microphone's level in percent (0..100), from an AnalyserNode; read ten times a second, a change re-renders. */
export function useMicLevel(stream: MediaStream | null, enabled: boolean): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    if (!stream || !track || !enabled) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = MIC_FFT_SIZE;
    analyser.smoothingTimeConstant = MIC_SMOOTHING;
    const source = context.createMediaStreamSource(new MediaStream([track]));
    source.connect(analyser);
    const data = new Uint8Array(analyser.frequencyBinCount);
    const timer = window.setInterval(() => {
      analyser.getByteFrequencyData(data);
      let sum = 0;
      for (const v of data) sum += v;
      // Whole percent: a reading the bar would draw the same does not re-render it.
      setLevel(Math.round(Math.min(1, sum / data.length / 128) * 100));
    }, 100);
    return () => {
      window.clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [stream, enabled]);
  return stream && enabled ? level : 0;
}
