import { describe, expect, it } from 'vitest';
import { pickVideo, videoView } from './video-view';
import { shootingVideo as video } from './video-view.fixtures';

describe('the video shown', () => {
  it('prefers CONCAT_AUDIO, then ORIGINAL_AUDIO, CONCAT, ORIGINAL', () => {
    expect(pickVideo([video('ORIGINAL', 'YOUTUBE'), video('CONCAT', 'YOUTUBE')])!.type).toBe('CONCAT');
    expect(pickVideo([video('ORIGINAL_AUDIO', 'YOUTUBE'), video('CONCAT_AUDIO', 'YOUTUBE')])!.type).toBe(
      'CONCAT_AUDIO',
    );
    expect(pickVideo([])).toBeNull();
  });

  it('plays hosted files natively, embeds YouTube and Cloudflare, flags empty references and unknown streamers', () => {
    expect(videoView(video('ORIGINAL', 'STAMPYT', 'r', '/blobs/v.mp4'))).toEqual({
      kind: 'native',
      src: '/blobs/v.mp4',
    });
    expect(videoView(video('ORIGINAL', 'YOUTUBE', 'abc'))).toEqual({
      kind: 'embed',
      streamer: 'YOUTUBE',
      src: 'https://www.youtube-nocookie.com/embed/abc',
    });
    expect(videoView(video('ORIGINAL', 'CLOUDFLARE', 'cf'))).toEqual({
      kind: 'embed',
      streamer: 'CLOUDFLARE',
      src: 'https://iframe.videodelivery.net/cf',
    });
    expect(videoView(video('ORIGINAL', 'YOUTUBE', ''))).toEqual({ kind: 'noVideo' });
    expect(videoView(video('ORIGINAL', 'VIMEO', 'x'))).toEqual({ kind: 'badVideoFormat' });
  });
});
