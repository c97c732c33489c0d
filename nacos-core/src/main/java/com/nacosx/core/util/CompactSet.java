package com.nacosx.core.util;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * A thread-safe set of object references in one open-addressed array: about 8 bytes per element
 * instead of the ~40 of a concurrent hash set's node. Meant for the big many-to-many indexes of
 * listeners and subscribers (tens of thousands of connections x hundreds of keys), where the
 * elements are shared canonical objects. Reads of {@link #snapshot} do not block writers for long.
 */
public final class CompactSet<T> {

    private static final int MIN_CAPACITY = 4;

    private Object[] slots = new Object[MIN_CAPACITY];
    private int size;

    /** @return true when the element was not there */
    public synchronized boolean add(T element) {
        if (indexOf(element) >= 0) {
            return false;
        }
        if ((size + 1) * 3 > slots.length * 2) {
            rehash(slots.length * 2);
        }
        insert(slots, element);
        size++;
        return true;
    }

    /** @return true when the element was there */
    public synchronized boolean remove(Object element) {
        int index = indexOf(element);
        if (index < 0) {
            return false;
        }
        slots[index] = null;
        size--;
        // Re-place the rest of the probe run so that lookups never stop at the hole.
        int mask = slots.length - 1;
        for (int next = (index + 1) & mask; slots[next] != null; next = (next + 1) & mask) {
            Object moved = slots[next];
            slots[next] = null;
            insert(slots, moved);
        }
        if (slots.length > MIN_CAPACITY && size * 8 < slots.length) {
            rehash(slots.length / 2);
        }
        return true;
    }

    public synchronized boolean contains(Object element) {
        return indexOf(element) >= 0;
    }

    public synchronized int size() {
        return size;
    }

    public synchronized boolean isEmpty() {
        return size == 0;
    }

    /** The elements at this moment, to iterate without holding the set. */
    @SuppressWarnings("unchecked")
    public synchronized List<T> snapshot() {
        Object[] copy = new Object[size];
        int at = 0;
        for (Object slot : slots) {
            if (slot != null) {
                copy[at++] = slot;
            }
        }
        return (List<T>) Arrays.asList(copy);
    }

    public void forEach(Consumer<? super T> action) {
        for (T element : snapshot()) {
            action.accept(element);
        }
    }

    private int indexOf(Object element) {
        int mask = slots.length - 1;
        for (int index = spread(element.hashCode()) & mask; slots[index] != null; index = (index + 1) & mask) {
            if (slots[index].equals(element)) {
                return index;
            }
        }
        return -1;
    }

    private void rehash(int capacity) {
        Object[] old = slots;
        slots = new Object[Math.max(MIN_CAPACITY, capacity)];
        for (Object element : old) {
            if (element != null) {
                insert(slots, element);
            }
        }
    }

    private static void insert(Object[] table, Object element) {
        int mask = table.length - 1;
        int index = spread(element.hashCode()) & mask;
        while (table[index] != null) {
            index = (index + 1) & mask;
        }
        table[index] = element;
    }

    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }

    @Override
    public synchronized String toString() {
        return snapshot().toString();
    }
}
