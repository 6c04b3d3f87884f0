import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { fetchAvailableProducts, fetchCurrentUser, fetchOwners, fetchStamps } from './shooting-create-api';
import { ShootingCreatePage } from './shooting-create-page';

vi.mock('./shooting-create-api', () => ({
  fetchCurrentUser: vi.fn(),
  fetchOwners: vi.fn(),
  fetchAvailableProducts: vi.fn(),
  fetchStamps: vi.fn(),
  createVirtualProduct: vi.fn(),
  generatePresignedUrls: vi.fn(),
  registerImages: vi.fn(),
  completePhotoWorkflow: vi.fn(),
}));

const KNOWN = {
  id: 'p1',
  productId: 'p1',
  ownerId: 'o1',
  registration: 'AB-123-CD',
  details: { registration: 'AB-123-CD' },
};

beforeEach(() => {
  vi.mocked(fetchCurrentUser).mockResolvedValue({ id: 'u1' } as Awaited<ReturnType<typeof fetchCurrentUser>>);
  vi.mocked(fetchOwners).mockResolvedValue([
    { id: 'o1', name: 'north', label: 'North yard' },
    { id: 'o2', name: 'south', label: 'South yard' },
  ]);
  vi.mocked(fetchAvailableProducts).mockResolvedValue([KNOWN]);
  vi.mocked(fetchStamps).mockResolvedValue([{ id: 's1', name: 'Showroom', url: '/s1.png', format: '16/9' }]);
});

const addButton = () => screen.getByRole('button', { name: 'Add the shooting' }) as HTMLButtonElement;
const stampSelect = () => screen.getByRole('combobox', { name: /Stamp/ });

describe('the add-shooting form', () => {
  it('cannot be sent empty, and offers stamps only once a format is chosen', async () => {
    const { user } = renderAsUser(<ShootingCreatePage />);
    expect(addButton().disabled).toBe(true);
    expect(stampSelect().getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('radio', { name: '16/9' }));
    await waitFor(() => expect(stampSelect().getAttribute('aria-disabled')).toBeNull());
    expect(fetchStamps).toHaveBeenCalledWith('u1', '16/9');
    expect(addButton().disabled).toBe(true);
  });

  it("says a known registration's images go to its stock, and asks a new one for its stock", async () => {
    const { user } = renderAsUser(<ShootingCreatePage />);
    await waitFor(() => expect(fetchAvailableProducts).toHaveBeenCalled());
    await user.click(screen.getByRole('radio', { name: '16/9' }));
    const registration = screen.getByLabelText(/Registration/);
    await user.type(registration, 'ab-123-cd');
    expect((registration as HTMLInputElement).value).toBe('AB-123-CD');
    expect(await screen.findByText('Known vehicle: the images are added to its stock.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Stock/ })).toBeNull();

    await user.clear(registration);
    await user.type(registration, 'zz-999-zz');
    await waitFor(() => expect(screen.queryByText('Known vehicle: the images are added to its stock.')).toBeNull());
    expect(screen.getByRole('combobox', { name: /Stock/ })).toBeTruthy();
    expect(addButton().disabled).toBe(true);
  });

  it('says which dropped files were left out because they are not images, until the next drop', async () => {
    renderAsUser(<ShootingCreatePage />);
    const zone = screen.getByTestId('image-drop-zone');
    const files = [
      new File(['%PDF'], 'registration.pdf', { type: 'application/pdf' }),
      new File(['plate'], 'notes.txt', { type: 'text/plain' }),
    ];
    fireEvent.drop(zone, { dataTransfer: { files } });
    expect(await screen.findByText('Only pictures can be added; left out: registration.pdf, notes.txt')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['jpeg'], 'car.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(screen.queryByTestId('left-out-files')).toBeNull());
  });

  it('asks to confirm "1 image" or "3 images", not "image(s)"', () => {
    const confirm = (count: number) => i18n.t('shootingCreate.confirmText', { registration: 'AB-123-CD', count });
    expect(confirm(1)).toBe('Registration AB-123-CD, 1 image. Send the shooting?');
    expect(confirm(3)).toBe('Registration AB-123-CD, 3 images. Send the shooting?');
  });
});
