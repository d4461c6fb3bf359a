/**
 * Objective-C method names from the metadata every image that defines classes carries, symbols
 * or not: {@code -[Class selector]}, {@code +[Class selector]}, {@code -[Class(Category) selector]}
 * with the address of each implementation (ksy/macho_objc.ksy).
 */
package dev.crashkit.symbolicate.format.macho.objc;
