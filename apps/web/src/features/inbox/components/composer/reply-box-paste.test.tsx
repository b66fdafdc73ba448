import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test-utils.tsx';
import { ReplyBox } from '../saved-replies/reply-box.tsx';

function renderBox() {
  const onPasteImage = vi.fn();
  const onSend = vi.fn();
  renderAt('/', [
    {
      path: '/',
      element: (
        <ReplyBox
          onSend={onSend}
          pending={false}
          onManage={() => {}}
          tools={<button type="button">Send a picture</button>}
          onPasteImage={onPasteImage}
        />
      ),
    },
  ]);
  return { onPasteImage, onSend, box: screen.getByRole('combobox', { name: 'Message' }) };
}

describe('pasting into the reply box', () => {
  it('opens a pasted picture for sending, and leaves pasted text to the box', () => {
    const { onPasteImage, onSend, box } = renderBox();
    expect(screen.getByRole('button', { name: 'Send a picture' })).toBeTruthy();
    const picture = new File([new Uint8Array([1, 2, 3])], 'image.png', { type: 'image/png' });
    fireEvent.paste(box, { clipboardData: { files: [picture], getData: () => '' } });
    expect(onPasteImage).toHaveBeenCalledWith(picture);
    fireEvent.paste(box, { clipboardData: { files: [], getData: () => 'hello' } });
    expect(onPasteImage).toHaveBeenCalledTimes(1);
    expect(onSend).not.toHaveBeenCalled();
  });
});
