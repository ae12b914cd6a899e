import { type DragEvent, useRef, useState } from 'react'

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')

/**
 * Files dropped anywhere on an element. `dragging` stays true while files hover over it: entering a
 * child fires dragleave on the parent, so the depth of enters and leaves is counted.
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false)
  const depth = useRef(0)
  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return
      depth.current += 1
      setDragging(true)
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1)
      if (depth.current === 0) setDragging(false)
    },
    onDragOver: (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault()
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return
      event.preventDefault()
      depth.current = 0
      setDragging(false)
      onFiles([...event.dataTransfer.files])
    },
  }
  return { dragging, handlers }
}
