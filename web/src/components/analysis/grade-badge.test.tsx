import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GradeBadge } from './grade-badge';

describe('grade badge colours', () => {
  it.each([
    ['A', 'bg-green-100'],
    ['B', 'bg-yellow-100'],
    ['C', 'bg-yellow-100'],
    ['D', 'bg-red-100'],
    ['F', 'bg-red-100'],
  ] as const)('shows %s in %s', (grade, colour) => {
    render(<GradeBadge grade={grade} />);
    expect(screen.getByText(grade)).toHaveClass(colour);
    expect(screen.getByText(grade)).toHaveTextContent(`Grade ${grade}`);
  });
});
