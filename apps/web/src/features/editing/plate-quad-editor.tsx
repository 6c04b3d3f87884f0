import type { PixelPoint, PlateCorners } from '@forecourt/contracts';
import Box from '@mui/material/Box';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cornerMovedByKey, rectangle } from './plate-geometry';

export interface PlateQuadEditorProps {
  /** The ORIGINAL picture the corners are measured on. */
  src: string;
  width: number;
  height: number;
  plates: PlateCorners[];
  onChange: (plates: PlateCorners[]) => void;
}

type Drag = { kind: 'corner'; plate: number; corner: number } | { kind: 'draw'; from: PixelPoint };

/**
 * The picture with each plate's quadrilateral over it: its corners can be dragged, or focused and moved with
 * the arrow keys, and dragging on the picture outside any corner draws a new plate (where detection found
 * none, or missed one).
 */
export function PlateQuadEditor({ src, width, height, plates, onChange }: PlateQuadEditorProps) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [draft, setDraft] = useState<PlateCorners | null>(null);
  const handle = Math.max(width, height) / 80;

  const toPicture = (e: PointerEvent): PixelPoint => {
    const box = svg.current!.getBoundingClientRect();
    return {
      x: Math.max(0, Math.min(width, ((e.clientX - box.left) / box.width) * width)),
      y: Math.max(0, Math.min(height, ((e.clientY - box.top) / box.height) * height)),
    };
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    const target = e.target as SVGElement;
    svg.current!.setPointerCapture(e.pointerId);
    if (target.dataset.plate !== undefined) {
      setDrag({ kind: 'corner', plate: Number(target.dataset.plate), corner: Number(target.dataset.corner) });
    } else {
      setDrag({ kind: 'draw', from: toPicture(e) });
    }
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const at = toPicture(e);
    if (drag.kind === 'draw') {
      setDraft(rectangle(drag.from, at));
      return;
    }
    onChange(
      plates.map((p, i) => (i === drag.plate ? (p.map((c, j) => (j === drag.corner ? at : c)) as PlateCorners) : p)),
    );
  };
  const onCornerKey = (e: KeyboardEvent<SVGCircleElement>, plate: number, corner: number) => {
    const moved = cornerMovedByKey(plates[plate]![corner]!, e.key, e.shiftKey, { width, height });
    if (!moved) return;
    e.preventDefault();
    onChange(plates.map((p, i) => (i === plate ? (p.map((c, j) => (j === corner ? moved : c)) as PlateCorners) : p)));
  };
  const onPointerUp = () => {
    if (
      drag?.kind === 'draw' &&
      draft &&
      Math.abs(draft[2].x - draft[0].x) > handle &&
      Math.abs(draft[2].y - draft[0].y) > handle / 2
    )
      onChange([...plates, draft]);
    setDrag(null);
    setDraft(null);
  };

  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        lineHeight: 0,
        userSelect: 'none',
        touchAction: 'none',
        '& circle:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      <Box component="img" src={src} alt="" sx={{ width: '100%', display: 'block' }} draggable={false} />
      <svg
        ref={svg}
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-label={t('editing.cover.editorLabel', { count: plates.length })}
        data-testid="plate-quad-editor"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', cursor: 'crosshair' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {[...plates, ...(draft ? [draft] : [])].map((plate, i) => (
          <g key={i} data-testid="plate-quad">
            <polygon
              points={plate.map((c) => `${c.x},${c.y}`).join(' ')}
              fill="rgba(255, 193, 7, 0.25)"
              stroke="#ffc107"
              strokeWidth={handle / 3}
            />
            {i < plates.length
              ? plate.map((c, j) => (
                  <circle
                    key={j}
                    cx={c.x}
                    cy={c.y}
                    r={handle}
                    fill="#ffc107"
                    stroke="#000"
                    strokeWidth={handle / 5}
                    data-plate={i}
                    data-corner={j}
                    style={{ cursor: 'move' }}
                    tabIndex={0}
                    role="button"
                    aria-label={t('editing.cover.corner', { corner: j + 1, plate: i + 1 })}
                    onKeyDown={(e) => onCornerKey(e, i, j)}
                  />
                ))
              : null}
          </g>
        ))}
      </svg>
    </Box>
  );
}
