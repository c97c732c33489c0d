package com.nacosx.core.upgrade;

/**
 * A module's part of a node's readiness to leave the 1.x mode: asked every 5 s, on the judgement's
 * thread; must not block.
 */
public interface SelfUpgradeCheck {

    /** Whether this module's 2.x data holds what its 1.x data holds, nothing waiting to be written across. */
    boolean readyToUpgrade();
}
